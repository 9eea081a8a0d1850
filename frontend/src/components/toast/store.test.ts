import { afterEach, describe, expect, it } from 'vitest';
import { currentToasts, dismissToast, subscribeToasts, toast } from './store';

afterEach(() => dismissToast());

describe('toast store', () => {
  it('keeps one toast visible: a new one replaces the one on screen', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Invalid Amount', description: 'Minimum top up amount is Rp 10.000', variant: 'destructive' });
    expect(currentToasts()).toHaveLength(1);
    expect(currentToasts()[0]).toMatchObject({ id: second.id, title: 'Invalid Amount', variant: 'destructive', duration: 5000 });
  });

  it('defaults to the plain variant and 5000 ms, and takes a duration', () => {
    toast({ title: 'Saved' });
    expect(currentToasts()[0]).toMatchObject({ variant: 'default', duration: 5000 });
    toast({ title: 'Long', duration: 10_000 });
    expect(currentToasts()[0]!.duration).toBe(10_000);
  });

  it('dismisses by handle and tells subscribers', () => {
    const seen: number[] = [];
    const stop = subscribeToasts((items) => seen.push(items.length));
    const handle = toast({ title: 'Hello' });
    handle.dismiss();
    stop();
    toast({ title: 'Unseen' });
    expect(seen).toEqual([1, 0]);
  });

  it('ignores dismissing a toast that was already replaced', () => {
    const old = toast({ title: 'Old' });
    toast({ title: 'New' });
    old.dismiss();
    expect(currentToasts().map((t) => t.title)).toEqual(['New']);
  });
});
