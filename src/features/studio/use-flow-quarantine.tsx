import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { userDetailsQueryOptions } from '../../lib/user-details';
import { collectionSchema, FLOW_LISTS, type TestCase } from '../../shared/contracts/collections';
import { hasPermission } from '../../shared/permissions';
import { flowQuarantinesQuery } from './api/flow-quarantine';
import { FlowQuarantine } from './components/FlowQuarantine';

/**
 * Each flow's quarantine mark and action in the flow editor, for a collection the server has (`collectionId`; null
 * otherwise) and for the flows of its saved document (`savedDocument`, JSON): a flow added since is not on the server
 * yet, so it cannot be quarantined.
 */
export function useFlowQuarantine(collectionId: string | null, savedDocument: string | undefined): ((flow: TestCase) => ReactNode) | undefined {
  const { data: user } = useQuery(userDetailsQueryOptions());
  const canManage = hasPermission(user?.permissions.features, 'RTA_MANAGEMENT');
  const quarantines = useQuery({ ...flowQuarantinesQuery(collectionId ?? ''), enabled: collectionId !== null });
  const savedFlowIds = useMemo(() => {
    const saved = savedDocument === undefined ? undefined : collectionSchema.safeParse(JSON.parse(savedDocument));
    return new Set(saved?.success ? FLOW_LISTS.flatMap((list) => saved.data[list].map((flow) => flow.testCaseId)) : []);
  }, [savedDocument]);
  if (collectionId === null || !quarantines.data) return undefined;
  const data = quarantines.data;
  return (flow) =>
    savedFlowIds.has(flow.testCaseId) ? (
      <FlowQuarantine
        collectionId={collectionId}
        flowId={flow.testCaseId}
        flowName={flow.testCaseName.trim() || flow.testCaseId}
        quarantine={data.get(flow.testCaseId)}
        canManage={canManage}
      />
    ) : null;
}
