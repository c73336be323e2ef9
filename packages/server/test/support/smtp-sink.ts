import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  messageId: string;
}

export interface SmtpSink {
  port: number;
  /** Every message accepted, in order of arrival. */
  received: ReceivedMail[];
  /** Message-IDs of accepted messages only (fast: no parsing), for counting large runs. */
  messageIds: string[];
  /** The next `count` messages are refused with this SMTP code (451 transient, 550 permanent). */
  refuse(count: number, code: 451 | 550): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on the loopback that keeps what arrives (smtp-server), standing in for
 * the operator's mail relay. `parse: false` keeps only the Message-IDs (10,000 messages).
 */
export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const received: ReceivedMail[] = [];
  const messageIds: string[] = [];
  let refusals = { count: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusals.count > 0) {
          refusals.count--;
          const error = Object.assign(new Error('refused by the test'), { responseCode: refusals.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        const id = /^message-id:\s*(<[^>]+>)/im.exec(raw.toString('latin1'))?.[1] ?? '';
        messageIds.push(id);
        if (parse) {
          const mail = await simpleParser(raw);
          received.push({
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    messageIds,
    refuse(count, code) {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
