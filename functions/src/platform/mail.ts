import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { awsRetry } from './aws-retry.ts';
import { plugged } from './client-plugins.ts';
import { noteStoodInCall } from './aws-call-observer.ts';
import { environmentVariables, readEnvironment } from './environment.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

/** Delivers a mail; SES in AWS, the outbox folder on a laptop. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}

let ses: SESv2Client | undefined;

const sesTransport: MailTransport = {
  async deliver(message) {
    const { SendEmailCommand, SESv2Client } = await import('./aws/sesv2.ts');
    ses ??= plugged(new SESv2Client(awsRetry));
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: readEnvironment('mailFrom'),
        Destination: { ToAddresses: message.to },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  },
};

let transport: MailTransport = sesTransport;

export const deliverMail = (message: MailMessage): Promise<void> => {
  // Noted whichever transport takes it: SES checks the identity of the sender that MAIL_FROM names.
  noteStoodInCall('SESv2Client', 'SendEmailCommand', environmentVariables.mailFrom);
  return transport.deliver(message);
};

/** Replaces SES (the local runtime and tests). */
export const useMailTransport = (replacement: MailTransport): void => {
  transport = replacement;
};
