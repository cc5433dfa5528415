import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DATA_BREAKDOWN_LABELS, DATA_BREAKDOWNS, type ReportElement, type ReportSettings } from '../../../shared/contracts/dashboards';
import { Button } from '../../../ui/Button';
import { RadioGroup } from '../../../ui/RadioGroup';
import { TextField } from '../../../ui/TextField';
import { datasetQuery } from '../api/datasets';
import { BreakdownConfigurator } from './BreakdownConfigurator';
import { ChartConfigurator } from './ChartConfigurator';
import { ElementChart } from './ElementChart';
import { automaticTitle, elementTitle } from '../chart-data/element-title';
import { breakdownAttributes, withBreakdown } from './report-draft';

export const ELEMENT_EDITOR_TEXT = {
  titleHint: 'Left empty, the element is named after what it shows, as the placeholder says.',
} as const;

export interface ElementEditorProps {
  /** The element as it was when editing began (a new one for Add). */
  element: ReportElement;
  orgId: string;
  settings: ReportSettings;
  isNew: boolean;
  onCancel: () => void;
  onSave: (element: ReportElement) => void;
}

/**
 * One element being edited (part 3 §2): the breakdown chooser, the breakdown configurator, the chart configurator with a
 * live preview over the report's time frame and test plans, and the collapsible Raw Data Table. Nothing reaches the
 * report until Save; Cancel leaves it as it was.
 */
export function ElementEditor({ element: initial, orgId, settings, isNew, onCancel, onSave }: ElementEditorProps) {
  const [element, setElement] = useState(initial);
  const dataset = useQuery(datasetQuery(orgId, element.dataBreakdown, settings.testPlans, settings.timeFrame));
  const attributes = breakdownAttributes(element.dataBreakdown, dataset.data);
  const headingId = useId();
  return (
    <section className="report-editor__element-editor" aria-labelledby={headingId}>
      {/* The section's heading (h2 under the page's h1) comes before the Preview and attribute headings it holds. */}
      <h2 id={headingId} className="report-editor__element-editor-title">
        {isNew ? 'New element' : `Edit ${elementTitle(initial)}`}
      </h2>
      <div className="report-editor__element-settings">
        {/* The button that opened the editor is gone: keyboard users start at the editor's first field. */}
        <TextField
          label="Element title"
          placeholder={automaticTitle(element)}
          description={ELEMENT_EDITOR_TEXT.titleHint}
          value={element.title}
          maxLength={200}
          onChange={(title) => setElement({ ...element, title })}
          autoFocus
        />
        <RadioGroup
          label="Breakdown"
          options={DATA_BREAKDOWNS.map((breakdown) => ({ id: breakdown, label: DATA_BREAKDOWN_LABELS[breakdown] }))}
          value={element.dataBreakdown}
          onChange={(key) => {
            const breakdown = DATA_BREAKDOWNS.find((candidate) => candidate === key);
            if (breakdown) setElement(withBreakdown(element, breakdown));
          }}
        />
        <BreakdownConfigurator
          attributes={attributes}
          dataset={dataset.data}
          value={element.dataBreakdownConfig}
          onChange={(dataBreakdownConfig) => setElement({ ...element, dataBreakdownConfig })}
        />
        <ChartConfigurator attributes={attributes} value={element.chart} onChange={(chart) => setElement({ ...element, chart })} />
      </div>
      <div className="report-editor__preview">
        <h3>Preview</h3>
        <ElementChart element={element} orgId={orgId} settings={settings} showRawData />
      </div>
      <div className="report-editor__element-actions">
        <Button onPress={onCancel}>Cancel</Button>
        <Button variant="primary" onPress={() => onSave(element)}>
          Save element
        </Button>
      </div>
    </section>
  );
}
