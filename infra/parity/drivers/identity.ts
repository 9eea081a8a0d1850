import type { Driver } from '../drive';
import { is, record } from './helpers';

/** The event Cognito sends its CustomMessage trigger for an account in a language. */
const accountMessageEvent = (triggerSource: string, locale: string) => ({
  version: '1', region: 'ap-southeast-1', userPoolId: 'ap-southeast-1_parity', userName: 'parity-account', triggerSource,
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'parity-client' },
  request: { userAttributes: { sub: 'parity-account', email: 'parity.account@example.com', locale }, codeParameter: '{####}', usernameParameter: null },
  response: { smsMessage: null, emailMessage: null, emailSubject: null },
});

/** The user pool's triggers (functions/identity). */
export const identity = {
  'Identity/AccountMessage': {
    // Cognito's CustomMessage trigger: the code e-mails in the account's language, Cognito's own messages left alone.
    userPool: [
      {
        name: 'writes the reset e-mail in Bahasa Indonesia, saying it is a reset, with the code placeholder',
        trigger: 'CustomMessage',
        event: accountMessageEvent('CustomMessage_ForgotPassword', 'id'),
        check: (result) => {
          const response = record(record(result).response);
          return is(response.emailSubject === 'Atur ulang kata sandi Bali Refill Anda' && String(response.emailMessage).includes('{####}'), `reset e-mail ${JSON.stringify(response)}`);
        },
      },
      {
        name: "leaves an admin's invitation to the pool's own message",
        trigger: 'CustomMessage',
        event: accountMessageEvent('CustomMessage_AdminCreateUser', 'en'),
        check: (result) => is(record(record(result).response).emailSubject == null, `invitation changed: ${JSON.stringify(result)}`),
      },
    ],
  },
} satisfies Record<string, Driver>;
