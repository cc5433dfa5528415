import { createHash } from 'node:crypto';
import type { Collection } from '../../shared/contracts/collections';
import type { RunResourceKind } from '../../shared/contracts/flakiness';
import { isDesktopAgentDevice, isMobileAgentDevice } from '../../shared/contracts/gateway-agents';

/** JSON with every object's keys sorted, so the same document always serialises the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * "The same code" of issue 29: sha256 (hex) of what a run executes, the flows with their steps in their order and the
 * execution type. A rename, a description, tags or notify e-mails do not change it; any edit of a flow or step does.
 */
export function collectionHash(collection: Pick<Collection, 'executionType' | 'initTestSteps' | 'testCases' | 'postTestSteps'>): string {
  const executed = {
    executionType: collection.executionType,
    initTestSteps: collection.initTestSteps,
    testCases: collection.testCases,
    postTestSteps: collection.postTestSteps,
  };
  return createHash('sha256').update(canonicalJson(executed)).digest('hex');
}

/** The kind of resource a run dispatched to `deviceId` runs on. */
export function resourceKindOf(deviceId: string): RunResourceKind {
  if (isMobileAgentDevice(deviceId)) return 'MOBILE';
  return isDesktopAgentDevice(deviceId) ? 'DESKTOP' : 'BROWSER';
}
