/**
 * pino logs, JSON for machines or one pretty, colourised line per event for people
 * (pino-pretty); every stage gets a child logger named after its component. Every line, at any
 * level, passes the private-key filter on its way out (see src/security/redact.ts): a key that
 * reaches a log through an error message, a NACK or a debug field is printed as "[redacted]".
 */
import pino from 'pino';
import type PinoPretty from 'pino-pretty';
import { redactText } from '../security/redact';

export type Logger = pino.Logger;

export type LogFormat = 'auto' | 'json' | 'pretty';

export interface LoggerOptions {
  level?: string;
  /** auto (the default): pretty when stdout is a terminal, JSON otherwise. */
  format?: LogFormat;
  /** Where JSON lines go; defaults to stdout. */
  destination?: pino.DestinationStream;
}

/** The format auto picks for a stream: people read terminals, machines read the rest. */
export function resolveLogFormat(format: LogFormat, isTTY: boolean): 'json' | 'pretty' {
  return format === 'auto' ? (isTTY ? 'pretty' : 'json') : format;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.PIER_LOG_LEVEL ?? 'info';
  // The filter runs on the JSON line, before any prettifying.
  const settings: pino.LoggerOptions = { level, base: { app: 'pier' }, hooks: { streamWrite: redactText } };
  if (options.destination) return pino(settings, options.destination);
  const isTTY = process.stdout.isTTY === true;
  if (resolveLogFormat(options.format ?? 'auto', isTTY) === 'json') return pino(settings);
  // Loaded only for pretty output: it takes longer to load than the rest of the logging.
  const pinoPretty = (require('pino-pretty') as { default: typeof PinoPretty }).default;
  return pino(settings, pinoPretty({
    colorize: isTTY,
    singleLine: true,
    sync: true,
    destination: 1,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,app,component',
    messageFormat: '{if component}{component}: {end}{msg}',
  }));
}

/** A logger that drops everything: for unit tests and offline commands. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export function componentLogger(parent: Logger, component: string): Logger {
  return parent.child({ component });
}
