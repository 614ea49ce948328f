import messages from '@cloudscape-design/components/i18n/messages/all.en';
import type { CloudscapeMessages } from './catalogue.ts';

/** Cloudscape's English labels: not on the login page, which gives its few labels itself. */
export const cloudscapeMessages: CloudscapeMessages = messages;
