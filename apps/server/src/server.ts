import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './build-app.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { onServerStarted, prepareDatabase } from './startup.js';

/** Prepares the database, builds the app on it, listens, and shuts down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = await prepareDatabase(config, pino({ level: config.logLevel }));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness goes false first; during the drain period the instance still serves everything, so
    // a load balancer polling /api/health/ready takes it out of rotation before the listener closes.
    server.readiness.accepting = false;
    const drainMs = config.shutdownDrainSeconds * 1000;
    server.log.info(`${signal} received: readiness off, draining ${drainMs / 1000} s, then closing`);
    const force = setTimeout(() => process.exit(1), drainMs + 15_000);
    force.unref();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // close(): no new connections, requests in flight finish, then the sweep and Redis close; the
    // database this process opened closes last.
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await server.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${config.port} on ${config.host} is already in use: stop what holds it, or set PORT.`
        : `Not allowed to listen on port ${config.port} on ${config.host}: set PORT to another port.`,
    );
    await server.close();
    await database.close();
    process.exit(1);
  }
  await onServerStarted(server);
}

void main();
