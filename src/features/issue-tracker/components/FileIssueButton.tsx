import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { configQueryOptions } from '../../../lib/config';
import { flags } from '../../../shared/config';
import { Button } from '../../../ui/Button';
import type { FailedStepRef } from '../issue-form';
import { IssueModal } from './IssueModal';

/** 'Create Issue' on a failed step of a report, while JiraFeature is on; opens the issue modal for that step. */
export function FileIssueButton({ step }: { step: FailedStepRef }) {
  const { data: config = {} } = useQuery(configQueryOptions);
  const [open, setOpen] = useState(false);
  if (!flags.jira(config)) return null;
  return (
    <>
      <Button variant="ghost" onPress={() => setOpen(true)} aria-label={`Create Issue for step ${step.stepId} of ${step.testCaseName}`}>
        Create Issue
      </Button>
      {open && <IssueModal step={step} onClose={() => setOpen(false)} />}
    </>
  );
}
