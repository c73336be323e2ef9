import type { OperatorId } from '@portal/contract';
import nodemailer from 'nodemailer';
import type { EmailTransportSettings } from './config.ts';
import { DeliveryError, type OutgoingMessage, type Transport } from './transport.ts';

type SmtpSettings = Extract<EmailTransportSettings, { mode: 'smtp' }>;

/** nodemailer's error codes for a connection that failed or timed out. */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'EPROTOCOL']);

/** The kind of an SMTP failure; a 5xx answer to the message is permanent, a 4xx one transient. */
export function smtpFailure(error: unknown): DeliveryError {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH')
    return new DeliveryError('smtp_5xx', true);
  if (typeof responseCode === 'number' && responseCode >= 400) return new DeliveryError('smtp_4xx', false);
  if (code === 'ETIMEDOUT') return new DeliveryError('timeout', false);
  if (code === 'EAUTH') return new DeliveryError('smtp_auth', false);
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return new DeliveryError('connection', false);
  if (code === 'EENVELOPE') return new DeliveryError('smtp_envelope', true);
  return new DeliveryError('smtp_error', false);
}

/**
 * E-mail through SMTP with a small connection pool. The Message-ID is derived from the
 * outbox row, so a message sent twice (a crash between send and mark, ADR 014) carries the
 * same id both times and a receiving system may drop the second.
 */
export function smtpTransport(settings: SmtpSettings): Transport {
  const timeouts = {
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  };
  const pool = { pool: true, maxConnections: 5, maxMessages: 500 } as const;
  const smtp = settings.smtp;
  // nodemailer reads host, port, TLS and credentials from `url` (smtp:// or smtps://).
  const transporter = nodemailer.createTransport({
    ...pool,
    ...timeouts,
    ...('url' in smtp
      ? { url: smtp.url }
      : {
          host: smtp.host,
          port: smtp.port,
          secure: smtp.port === 465,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
        }),
  });
  const fromFor = (op: OperatorId | null) => settings.from[op ?? 'de'];
  return {
    name: 'smtp',
    async send(message: OutgoingMessage) {
      const from = fromFor(message.operatorId);
      const domain = from.replace(/^.*@/, '').replace(/>.*$/, '') || 'portal.invalid';
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.body,
          messageId: `<outbox-${message.id}@${domain}>`,
        });
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
