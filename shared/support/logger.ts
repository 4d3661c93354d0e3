/**
 * Structured JSON logging, one object per line. Callers pass only chosen fields:
 * never whole events, tokens or bodies.
 */

type Fields = Record<string, string | number | boolean | null | undefined>;

function write(level: 'info' | 'warn' | 'error', message: string, fields: Fields): void {
  // Tests run silent unless LOG_LEVEL says otherwise.
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export const logger = {
  info: (message: string, fields: Fields = {}) => write('info', message, fields),
  warn: (message: string, fields: Fields = {}) => write('warn', message, fields),
  error: (message: string, fields: Fields = {}) => write('error', message, fields),
};
