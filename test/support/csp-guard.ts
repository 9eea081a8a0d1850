import { afterAll, afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

/** Setup file of the system tests: a test (or a file's hooks) during which Chromium reported a CSP violation fails. */
const check = () => expect(takeCspViolations(), 'Content-Security-Policy violations reported by Chromium').toEqual([]);
afterEach(check);
afterAll(check);
