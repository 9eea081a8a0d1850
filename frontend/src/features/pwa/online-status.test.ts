import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser that says it is online while requests fail (a dead 4G cell, a captive portal). */
function liefi() {
  const window = new EventTarget();
  const state = { reachable: false, probes: 0 };
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('fetch', vi.fn(async (path: string) => {
    if (path === '/config.json') state.probes++;
    if (!state.reachable) throw new TypeError('Failed to fetch');
    return new Response('{}');
  }));
  return { window, state };
}

describe('online status', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes offline when a request fails for want of a network, though the browser says online, and back when a probe answers', async () => {
    const { state } = liefi();
    const { isOnline, onOnlineChange, watchNetwork } = await import('./online-status');
    const changes = vi.fn();
    onOnlineChange(changes);
    expect(isOnline()).toBe(true);
    await expect(watchNetwork(fetch('/api/machines'))).rejects.toThrow(TypeError);
    expect(isOnline()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(1);
    // Still unreachable: the probe tries again every 10 s.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.probes).toBe(1);
    expect(isOnline()).toBe(false);
    state.reachable = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.probes).toBe(2);
    expect(isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('leaves it online for an answer from the server or an aborted request, and the online event clears it', async () => {
    const { window, state } = liefi();
    const { isOnline, onOnlineChange, watchNetwork } = await import('./online-status');
    onOnlineChange(() => undefined);
    await expect(watchNetwork(Promise.reject(new DOMException('aborted', 'AbortError')))).rejects.toThrow('aborted');
    expect(isOnline()).toBe(true);
    state.reachable = true;
    await watchNetwork(fetch('/api/machines'));
    expect(isOnline()).toBe(true);
    state.reachable = false;
    await expect(watchNetwork(fetch('/api/machines'))).rejects.toThrow(TypeError);
    expect(isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
  });
});
