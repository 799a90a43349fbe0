import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './build-app.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { onServerStarted } from './startup.js';

/** Only listens and shuts down gracefully; everything else is the app plugin. */
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

  let server;
  try {
    server = await buildApp({ config });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

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
    // close(): no new connections, requests in flight finish, then the sweep, Redis and the pool close.
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await server.listen({ port: config.port, host: config.host });
  await onServerStarted(server);
}

void main();
