import type { TestProject } from 'vitest/node';
import { buildBundle } from './build';

/** Builds the bundles once for the whole tracker project; each test file gets them through `inject`. */
export default async function setup(project: TestProject): Promise<void> {
  const [tracker, trackerReadable, clicks, clicksReadable, widget] = await Promise.all([
    buildBundle('t.js', true),
    buildBundle('t.js', false),
    buildBundle('t-clicks.js', true),
    buildBundle('t-clicks.js', false),
    buildBundle('widget.js', true),
  ]);
  project.provide('bundles', {
    't.js:true': tracker,
    't.js:false': trackerReadable,
    't-clicks.js:true': clicks,
    't-clicks.js:false': clicksReadable,
    'widget.js:true': widget,
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Built bundles by `name:minified`. */
    bundles: Record<string, string>;
  }
}
