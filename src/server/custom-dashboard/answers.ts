import type { z } from 'zod';
import type { executionResultsQuerySchema, projectFrameQuerySchema } from '../../shared/contracts/custom-dashboard';
import type { Db } from '../db/database';
import { frameOf, projectIdOrOverall } from './frame';
import { listProjects } from './repository';
import { executionResultsOf, testPlanDataOf } from './results';

/**
 * The answers the signed-in calls and their shared twins give alike: one builder each, so a wall display reads
 * exactly what a signed-in manager reads.
 */

export async function projectListAnswer(db: Db, orgId: string) {
  return { status: true as const, data: { projectData: await listProjects(db, orgId) } };
}

export async function executionResultsAnswer(db: Db, orgId: string, query: z.output<typeof executionResultsQuerySchema>) {
  return { status: true as const, data: await executionResultsOf(db, orgId, frameOf(query), projectIdOrOverall(query.projectId)) };
}

export async function testPlanDataAnswer(db: Db, orgId: string, query: z.output<typeof projectFrameQuerySchema>) {
  return { status: true as const, data: await testPlanDataOf(db, orgId, frameOf(query), projectIdOrOverall(query.projectId)) };
}
