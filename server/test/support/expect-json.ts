import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Asserts an answer's status, its JSON content type, and its whole body. */
export function expectJson(response: LightMyRequestResponse, status: number, body: unknown): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.json()).toEqual(body);
}
