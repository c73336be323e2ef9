import type { EndpointName } from '@portal/contract';
import type { CardSandboxPage } from '@portal/server/core';

/** A call as the page hands it to the demo's worker (a Request does not cross postMessage). */
export interface DemoRequest {
  /** The contract's endpoint; absent for the PT sandbox's API. */
  name?: EndpointName;
  method: string;
  /** The full address, query included. */
  url: string;
  /** The path's own parameters, as the router matched them. */
  params: Record<string, string>;
  headers: Record<string, string>;
  /** The body as sent (JSON as text), null without one. */
  body: string | null;
}

/** An answer as the server would send it. `wrote`: a GET that changed something (a card checkout). */
export interface DemoAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  wrote?: boolean;
}

/** What the portal "sent" by e-mail or SMS (the outbox's rows), newest first. */
export interface DemoMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** The page the demo runs on: its links and the card provider's pages point back there. */
export interface DemoPage {
  origin: string;
  pathname: string;
}

/** The steps of the database's start the page shows while it waits. */
export type DemoStep = 'engine' | 'tables' | 'members' | 'ready';

/** A step of the card provider's sandbox page (the server's card sandbox decides it). */
export type { CardSandboxPage } from '@portal/server/core';

/** The worker's API (web's database.worker.ts), called through comlink. */
export interface DemoWorkerApi {
  start(tab: string, page: DemoPage, progress: (step: DemoStep) => void): Promise<void>;
  /** A contract call, answered as the server answers it. */
  call(request: DemoRequest): Promise<DemoAnswer>;
  /** A call of the sandbox PT provider's API (`…/api/dev/pt/v1/…`). */
  ptSandbox(request: DemoRequest): Promise<DemoAnswer>;
  /** What the portal "sent" (the outbox), newest first. */
  messages(): Promise<DemoMessage[]>;
  /** The card provider's hosted page: open, the form sent, the 3-D Secure answer. */
  cardSandbox(
    action: 'open' | 'submit' | 'confirm',
    provider: string,
    checkoutId: string,
    form: Record<string, string>,
  ): Promise<CardSandboxPage>;
  save(): Promise<void>;
  reset(page: DemoPage, progress: (step: DemoStep) => void): Promise<void>;
}
