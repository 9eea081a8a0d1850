import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors';
import * as texts from './texts';
import * as accountTexts from '../../accounts/domain/texts';
import { memoryLedger, MemoryUsers } from '../../vending/domain/vend.test-fakes';
import { refusalOf } from './ledger-rules';

const details = { reference: 'rules', actor: 'test' };

async function world() {
  const users = new MemoryUsers();
  const ledger = memoryLedger(users);
  await users.ensureGuestAccount('payer', '');
  await users.ensureGuestAccount('payee', '');
  await ledger.post('payer', 'topup', 1_000, 'seed', details);
  return { ledger, balance: (id: string) => users.items.get(id)!.balance };
}

describe('the book behind the wallet rules', () => {
  type RuledLedger = Awaited<ReturnType<typeof world>>['ledger'];
  it.each<[string, (ledger: RuledLedger) => Promise<unknown>, string]>([
    ['a post of nothing', (l) => l.post('payer', 'adjustment', 0, 'k1', details), 'Amount must be a non-zero whole number of rupiah'],
    ['a top-up that debits', (l) => l.post('payer', 'topup', -5, 'k2', details), 'A topup must credit the balance'],
    ['a purchase that credits', (l) => l.post('payer', 'purchase', 5, 'k3', details), 'A purchase must debit the balance'],
    ['a charge of a fraction', (l) => l.charge('payer', 'purchase', 1.5, 'k4', details), 'A charge must be a positive whole number of rupiah'],
    ['a hold of nothing', (l) => l.hold('payer', 'h1', 0, details), 'A hold must be a positive whole number of rupiah'],
    ['a negative settlement', (l) => l.settle('h1', -1, details), 'The charge must be a whole number of rupiah, at least Rp 0'],
    ['a transfer to the same account', (l) => l.transfer({ from: 'payer', to: 'payer', amount: 10 }, 'k5', details), 'A transfer needs two accounts'],
  ])('refuses %s with 400, before the book moves anything', async (_, ask, message) => {
    const { ledger, balance } = await world();
    await expect(ask(ledger)).rejects.toMatchObject({ status: 400, message });
    expect(balance('payer')).toBe(1_000);
    expect(ledger.entries_).toHaveLength(1);
  });

  it("answers the book's refusals in the caller's language, and keeps the fact for the domain", async () => {
    const { ledger, balance } = await world();
    const short = await ledger.transfer({ from: 'payer', to: 'payee', amount: 1_001 }, 'k6', details).catch((error: unknown) => error);
    expect(short).toBeInstanceOf(DomainError);
    expect(short).toMatchObject({ status: 409, message: texts.insufficientBalanceShort.en });
    expect((short as DomainError).messageIn('id')).toBe(texts.insufficientBalanceShort.id);
    expect(refusalOf(short)).toBe('insufficient-balance');

    const changed = await ledger.post('payer', 'adjustment', -10, 'k7', { ...details, counter: 'manual-payouts' }, { expectedBalance: 999 }).catch((error: unknown) => error);
    expect(changed).toMatchObject({ status: 409, message: texts.balanceChanged.en });
    expect(refusalOf(changed)).toBe('balance-changed');

    await ledger.transfer({ from: 'payer', to: 'payee', amount: 100 }, 'k8', details);
    await expect(ledger.transfer({ from: 'payer', to: 'payee', amount: 200 }, 'k8', details)).rejects.toMatchObject({ status: 409, message: texts.keyReusedRequest.en });
    await expect(ledger.settle('no-such-hold', 0, details)).rejects.toMatchObject({ status: 404 });
    await expect(ledger.hold('nobody', 'h2', 10, details)).rejects.toMatchObject({ status: 404, message: accountTexts.userNotFound.en });
    await ledger.hold('payer', 'h3', 500, details);
    await expect(ledger.settle('h3', 501, details)).rejects.toMatchObject({ status: 400, message: 'The charge must be between Rp 0 and the hold of Rp 500' });
    await ledger.release('h3', details);
    await expect(ledger.settle('h3', 100, details)).rejects.toMatchObject({ status: 409, message: 'Hold h3 is already released' });
    expect(balance('payer')).toBe(900);
    expect(refusalOf(new Error('other'))).toBeNull();
  });
});
