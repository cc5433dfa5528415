import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import type { FlowListKey, TestCase } from '../../../shared/contracts/collections';
import { move, newFlow } from '../collection-document';
import type { ResourceType } from '../step-action-options';
import { IntegerField } from './IntegerField';
import { useRefocusAfterRemoval } from '../use-refocus-after-removal';
import { OrderControls, REMOVE_BUTTON_CLASS } from './OrderControls';
import { StepsEditor } from './StepsEditor';

const END_OF_RUN = '';
const LOOP_MAX = 1000;

export interface FlowListEditorProps {
  list: FlowListKey;
  title: string;
  flows: readonly TestCase[];
  onChange: (flows: TestCase[]) => void;
  /** BRANCHING main flows: the flows 'next on pass' / 'next on fail' may name. */
  branchTargets?: readonly TestCase[];
  resourceType: ResourceType;
  /** What a flow shows under its heading row besides its steps (its quarantine). */
  flowExtra?: ((flow: TestCase) => ReactNode) | undefined;
}

/** One ordered list of flows (init, main or post) and, per flow, its steps. */
export function FlowListEditor({ list, title, flows, onChange, branchTargets, resourceType, flowExtra }: FlowListEditorProps) {
  const update = (index: number, patch: Partial<TestCase>) => onChange(flows.map((flow, at) => (at === index ? { ...flow, ...patch } : flow)));
  const targetOptions = (self: TestCase) => [
    { id: END_OF_RUN, label: 'End the run' },
    ...(branchTargets ?? []).filter((flow) => flow.testCaseId !== self.testCaseId).map((flow) => ({ id: flow.testCaseId, label: flow.testCaseName || 'Unnamed flow' })),
  ];
  const headingId = `studio-${list}-title`;
  // A flow holds its steps' Remove buttons too: its own is the one in its heading row.
  const { listRef, addButtonRef, removing } = useRefocusAfterRemoval(`:scope > .studio-row .${REMOVE_BUTTON_CLASS}`);
  return (
    <section className="studio-flows" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <ol ref={listRef} className="studio-flows__list">
        {flows.map((flow, index) => {
          const flowName = flow.testCaseName.trim() || `flow ${index + 1}`;
          return (
            <li key={flow.testCaseId} className="studio-flow" aria-label={flowName}>
              <div className="studio-row">
                <TextField
                  label="Flow name"
                  isRequired
                  value={flow.testCaseName}
                  onChange={(testCaseName) => update(index, { testCaseName })}
                  errorMessage={flow.testCaseName.trim() === '' ? 'Required' : undefined}
                />
                <IntegerField label="Loop" value={flow.loop} min={1} max={LOOP_MAX} onChange={(loop) => update(index, { loop })} />
                {branchTargets && (
                  <>
                    <Select
                      label="Next on pass"
                      options={targetOptions(flow)}
                      selectedKey={flow.nextOnPass ?? END_OF_RUN}
                      onSelectionChange={(id) => update(index, { nextOnPass: id || undefined })}
                    />
                    <Select
                      label="Next on fail"
                      options={targetOptions(flow)}
                      selectedKey={flow.nextOnFail ?? END_OF_RUN}
                      onSelectionChange={(id) => update(index, { nextOnFail: id || undefined })}
                    />
                  </>
                )}
                <OrderControls
                  itemName={flowName}
                  index={index}
                  count={flows.length}
                  onMove={(offset) => onChange(move(flows, index, offset))}
                  onRemove={() => {
                    removing(index);
                    onChange(flows.filter((_, at) => at !== index));
                  }}
                />
              </div>
              {flowExtra?.(flow)}
              <StepsEditor flowName={flowName} steps={flow.steps} onChange={(steps) => update(index, { steps })} resourceType={resourceType} />
            </li>
          );
        })}
      </ol>
      <Button ref={addButtonRef} onPress={() => onChange([...flows, newFlow(list, flows.length + 1)])}>
        Add {title.toLowerCase().replace(/s$/, '')}
      </Button>
    </section>
  );
}
