import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { CardProvider } from '@portal/contract';
import { createCardGateways } from './adapters/cards/factory.ts';
import type { CardGateway } from './adapters/cards/index.ts';
import { createJobQueue } from './adapters/jobs.ts';
import { outboxSenders } from './adapters/senders.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import { createPortalServices, portalTable } from './services.ts';
import type { AppDeps } from './deps.ts';
import { nodePasswordHasher } from './adapters/passwords/node.ts';
import type { PasswordHasher, WalletPassSigner } from './ports.ts';
import { createNodeWalletSigner } from './adapters/wallet/node.ts';
import { connectRedis, rateLimitStore, redisReady } from './http/rate-limit-store.ts';
import { createLifecycle, type Lifecycle, registerLifecycleHeaders, requestIdOf } from './http/lifecycle.ts';
import { loggerOptions, RequestLogController } from './http/logging.ts';
import { createMetrics, type Metrics, registerHttpMetrics } from './metrics.ts';
import { logFeatureReport } from './feature-report.ts';
import './http/request-context.ts';
import { MAX_PARAM_LENGTH, registerEndpoints } from './http/route.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { loadOutsideProduction } from './dev/load.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { createReadModelCache } from './modules/membership/read-cache.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDocs } from './plugins/docs.ts';
import { clientErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { hearReadModelChanges } from './plugins/read-model.ts';
import { registerWeb } from './plugins/web.ts';

export interface BuildAppOptions {
  db: Db;
  clock: Clock;
  config: Config;
  /** Real time for rate limiting; tests may move it. Defaults to Date.now. */
  wallClock?: () => number;
  /** Fastify logger options; defaults to pino at config.logLevel, logging by allow-list (http/logging.ts). */
  logger?: FastifyServerOptions['logger'];
  /** Card gateways to use instead of those of config.cards (tests). */
  cardGateways?: Record<CardProvider, CardGateway>;
  /** The instance's metrics (main.ts adds the pool's); by default a registry of this app's own. */
  metrics?: Metrics;
  /** Whether the process drains (main.ts starts it on SIGTERM); a fresh one by default. */
  lifecycle?: Lifecycle;
  /**
   * The database's notifications (main.ts passes them): with them, and READ_MODEL_CACHE_MS
   * above 0, GET /v2/membership answers from a cache per session that every change ends (ADR 029).
   */
  listen?: Listen;
  /** Password hashes; @node-rs/argon2 by default. */
  passwords?: PasswordHasher;
  /** Wallet pass signing; passkit-generator and jose over WALLET settings by default (ADR 043). */
  wallet?: WalletPassSigner;
}

export { loggerOptions } from './http/logging.ts';

/** The composition root: one Fastify instance with every module wired to its dependencies. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, clock, config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, config.instanceId),
    // One line per request, when it ends (ADR 020).
    logController: new RequestLogController(),
    bodyLimit: 64 * 1024,
    // X-Forwarded-For counts only from the proxies in TRUST_PROXY (ADR 015).
    trustProxy: config.trustProxy,
    // The id nginx passed on (X-Request-Id), when sane, so both logs share it.
    genReqId: requestIdOf,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What Node's HTTP parser refuses gets the error body too (malformed request line, bad
    // Content-Length, oversized headers); so does a request without Host, which Node would
    // answer itself with an empty 400 (plugins/errors.ts).
    clientErrorHandler,
    http: { requireHostHeader: false },
    // Errors raised while routing (a malformed or over-long path) get the error body too.
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is too long.'
          : 'The address is not valid.';
      (reply as FastifyReply)
        .code(400)
        .send({ status: 400, errors: [{ type: 'invalid_request', message, context: { field: 'path' } }] });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by a serializer compiled from the contract (ADR 020).
  app.setSerializerCompiler(createSerializerCompiler({ strict: config.strictResponses }));
  app.decorateRequest('auth', null);
  app.decorateRequest('doorClubId', null);

  const lifecycle = options.lifecycle ?? createLifecycle();
  registerLifecycleHeaders(app, lifecycle, config.instanceId);

  const wallClock = options.wallClock ?? Date.now;
  const jobs = createJobQueue(db, { wallClock, log: app.log });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const metrics = options.metrics ?? createMetrics({ db });
  const deps: AppDeps = {
    db,
    clock,
    config,
    ...outboxSenders(clock),
    cardGateways: options.cardGateways ?? createCardGateways(config.cards),
    wallClock,
    jobs,
    metrics,
    passwords: options.passwords ?? nodePasswordHasher,
    wallet: options.wallet ?? createNodeWalletSigner(config.wallet),
  };
  registerHttpMetrics(app, metrics);

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerCompression(app);
  // Request limits (password reset, unknown paths) count per process unless Redis is
  // configured; with REDIS_URL every process shares the same counters, and while Redis does
  // not answer each process counts alone: never unlimited, never waiting (docs/security.md, R4).
  let redisDown = false;
  const onRedisFault = (error: unknown) => {
    if (redisDown) return;
    redisDown = true;
    app.log.warn({ err: error }, 'redis unavailable: request limits count per process');
  };
  const redis = config.redisUrl ? connectRedis(config.redisUrl, onRedisFault) : null;
  if (redis) {
    redis.on('ready', () => {
      if (redisDown) app.log.info('redis answers again: request limits shared');
      redisDown = false;
    });
    app.addHook('onReady', () => redisReady(redis, 1000));
    app.addHook('onClose', async () => redis.disconnect());
  }
  const limitStore = rateLimitStore(redis, config.redisKeyPrefix, { onFault: onRedisFault });
  await app.register(rateLimit, {
    global: false,
    store: limitStore.Store as unknown as FastifyRateLimitStoreCtor,
    skipOnError: false,
  });
  if (config.serveOpenApi) await registerDocs(app);

  const readModelCache =
    options.listen && config.readModelCacheMs > 0
      ? hearReadModelChanges(
          app,
          createReadModelCache({ ttlMs: config.readModelCacheMs, observer: deps.metrics.readModel }),
          options.listen,
        )
      : null;
  // The dev routes and the demo clubs' door keys: never loaded in production (dev/load.ts).
  const outsideProduction = await loadOutsideProduction(config);
  const services = createPortalServices(deps, {
    readModelCache,
    demoDoorKeys: outsideProduction && config.doorKeys.demo ? outsideProduction.demoDoorKeys() : [],
  });
  // Reminders before booked classes, looked for every minute (docs/classes.md).
  let stopReminders: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopReminders = services.classes.startReminders(app.log);
  });
  app.addHook('onClose', async () => stopReminders?.());
  registerHealthRoutes(app, db, lifecycle, limitStore.state);
  // Every contract call, registered from the endpoint table (docs/architecture.md, "Endpoints").
  registerEndpoints(app, portalTable(services, config));
  logFeatureReport(app.log, config);
  outsideProduction?.registerOutsideProductionRoutes(app, deps, clock);

  await registerWeb(app, config);
  return app;
}
