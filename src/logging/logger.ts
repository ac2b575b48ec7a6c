/**
 * pino JSON logs; every stage gets a child logger named after its component. Every line, at any
 * level, passes the private-key filter on its way out (see src/security/redact.ts): a key that
 * reaches a log through an error message, a NACK or a debug field is printed as "[redacted]".
 */
import pino from 'pino';
import { redactText } from '../security/redact';

export type Logger = pino.Logger;

export interface LoggerOptions {
  level?: string;
  /** Where JSON lines go; defaults to stdout. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.PIER_LOG_LEVEL ?? 'info';
  const settings: pino.LoggerOptions = { level, base: { app: 'pier' }, hooks: { streamWrite: redactText } };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** A logger that drops everything: for unit tests and offline commands. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export function componentLogger(parent: Logger, component: string): Logger {
  return parent.child({ component });
}
