/** pino JSON logs; every stage gets a child logger named after its component. */
import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  level?: string;
  /** Where JSON lines go; defaults to stdout. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.PIER_LOG_LEVEL ?? 'info';
  return options.destination ? pino({ level, base: { app: 'pier' } }, options.destination) : pino({ level, base: { app: 'pier' } });
}

/** A logger that drops everything: for unit tests and offline commands. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export function componentLogger(parent: Logger, component: string): Logger {
  return parent.child({ component });
}
