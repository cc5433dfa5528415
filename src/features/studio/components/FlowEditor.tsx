import type { ReactNode } from 'react';
import type { Collection, FlowListKey, TestCase } from '../../../shared/contracts/collections';
import { FlowListEditor } from './FlowListEditor';

const SECTIONS: readonly { list: FlowListKey; title: string }[] = [
  { list: 'initTestSteps', title: 'Init flows' },
  { list: 'testCases', title: 'Flows' },
  { list: 'postTestSteps', title: 'Post flows' },
];

export interface FlowEditorProps {
  collection: Collection;
  onChange: (next: Collection) => void;
  /** What a flow shows under its heading row besides its steps (its quarantine). */
  flowExtra?: ((flow: TestCase) => ReactNode) | undefined;
}

/** The flow editor: init flows (PRE_FLOW), flows, post flows (POST_FLOW), each with its ordered steps. */
export function FlowEditor({ collection, onChange, flowExtra }: FlowEditorProps) {
  return (
    <section className="studio-panel" aria-labelledby="studio-flow-editor-title">
      <h2 id="studio-flow-editor-title">Flow editor</h2>
      {SECTIONS.map(({ list, title }) => (
        <FlowListEditor
          key={list}
          list={list}
          title={title}
          flows={collection[list]}
          onChange={(flows) => onChange({ ...collection, [list]: flows })}
          branchTargets={list === 'testCases' && collection.executionType === 'BRANCHING' ? collection.testCases : undefined}
          resourceType={collection.deviceType}
          flowExtra={flowExtra}
        />
      ))}
    </section>
  );
}
