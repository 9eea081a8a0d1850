import { newKey, type Driver } from '../drive';
import { totpCode } from '../../local/totp';
import { is, list, notAdmin, record } from './helpers';

/** Sign-in and sign-out, the caller's account, the console's users (shared/routes/accounts.ts). */
export const accounts = {
  'Api/logout': {
    http: [{ name: 'sends the browser home signed out', expect: 302, check: ({ headers }) => is(headers.location === '/?signedOut=1', `location ${String(headers.location)}`) }],
  },
  'Api/adminLogin': {
    http: [
      {
        name: "signs the admin in with Cognito's password flow and a TOTP code",
        body: (s) => ({ username: s.account[1]!.username, password: s.account[1]!.password, code: totpCode(s.account[1]!.totpSecret!) }),
        expect: 200,
        check: ({ body }) => is(typeof record(body).idToken === 'string', 'no idToken'),
      },
      { name: "answers 401 to a non-admin's right password", body: (s) => ({ username: s.account[0]!.username, password: s.account[0]!.password }), expect: 401 },
      { name: 'answers 401 to a wrong password', body: (s) => ({ username: s.account[1]!.username, password: 'Wrong-Password-1!' }), expect: 401 },
      { name: "answers 401 to the admin's right password without a code", body: (s) => ({ username: s.account[1]!.username, password: s.account[1]!.password }), expect: 401 },
    ],
  },
  'Api/getCurrentUser': {
    http: [{ name: 'creates the user on first sign-in', as: 'user', expect: 200, check: ({ body }, s) => is(record(body).id === s.userSub, 'another user') }],
  },
  'Api/adminAuthCheck': {
    http: [{ name: 'knows the admin', as: 'admin', expect: 200, check: ({ body }) => is(record(body).role === 'admin', 'role') }, notAdmin()],
  },
  'Api/adminListUsers': {
    http: [{ name: 'lists users', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((u) => u.id === s.userSub), 'the user is missing') }, notAdmin()],
  },
  'Api/adminGetUser': {
    http: [
      { name: "reads one user's balance (what an adjustment is made against)", as: 'admin', params: (s) => ({ id: s.userSub }), expect: 200, check: ({ body }, s) => void (s.values.balanceSeen = Number(record(body).balance)) },
      { name: 'answers 404 for an unknown user', as: 'admin', params: { id: 'no-such-user' }, expect: 404 },
    ],
  },
  'Api/adminUpdateUser': {
    http: [
      {
        name: "credits the user's balance as a ledger adjustment against the balance seen",
        as: 'admin',
        params: (s) => ({ id: s.userSub }),
        headers: { 'idempotency-key': newKey() },
        body: (s) => ({ username: s.userName, adjustment: { amount: 50_000, expectedBalance: s.kept('balanceSeen'), reason: 'Parity suite: starting balance' } }),
        expect: 200,
        check: ({ body }, s) => is(record(body).balance === s.kept('balanceSeen') + 50_000, `balance ${String(record(body).balance)}`),
      },
      {
        name: 'refuses an adjustment against a balance that has changed (409)',
        as: 'admin',
        params: (s) => ({ id: s.userSub }),
        body: (s) => ({ username: s.userName, adjustment: { amount: 1_000, expectedBalance: s.kept('balanceSeen'), reason: 'stale' } }),
        expect: 409,
      },
    ],
  },
  'Api/getEnvironmentalImpact': {
    http: [{ name: 'derives impact from the metered litres', as: 'user', expect: 200 }],
  },
  'Api/adminLogout': {
    http: [{ name: 'signs the admin out everywhere', as: 'admin', expect: 200 }, notAdmin()],
  },
} satisfies Record<string, Driver>;
