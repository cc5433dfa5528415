import { useId } from 'react';
import {
  UNAVAILABLE_MEDIA_ATTRIBUTES,
  UNAVAILABLE_MEDIA_REASON,
  type DataBreakdownConfig,
  type Dataset,
  type DatasetAttribute,
} from '../../../shared/contracts/dashboards';
import { CheckboxGroup } from '../../../ui/CheckboxGroup';
import { MultiSelect } from '../../../ui/Select';
import { filterValues } from './report-draft';

export interface BreakdownConfiguratorProps {
  attributes: readonly DatasetAttribute[];
  /** The breakdown's rows, for the filter choices; undefined while they load. */
  dataset: Dataset | undefined;
  value: DataBreakdownConfig;
  onChange: (value: DataBreakdownConfig) => void;
}

/**
 * The breakdown configurator (part 3 §2): which attributes the element shows (activeAttrs, in the dataset's order) and
 * filters on the filterable ones, with the values the dataset holds. The media attributes of §3 are listed as
 * unavailable, with the reason, instead of offering choices with no data behind them.
 */
export function BreakdownConfigurator({ attributes, dataset, value, onChange }: BreakdownConfiguratorProps) {
  const headingId = useId();
  const setFilter = (name: string, values: string[]) => {
    const { [name]: _dropped, ...others } = value.config;
    onChange({ ...value, config: values.length > 0 ? { ...others, [name]: values } : others });
  };
  return (
    <fieldset className="report-editor__group">
      <legend>Breakdown configuration</legend>
      <CheckboxGroup
        label="Attributes to show"
        options={attributes.map((attribute) => ({ id: attribute.name, label: attribute.label }))}
        value={value.activeAttrs}
        // The dataset's order, whatever order the boxes were ticked in: table columns follow it.
        onChange={(names) => onChange({ ...value, activeAttrs: attributes.map((attribute) => attribute.name).filter((name) => names.includes(name)) })}
      />
      <div className="report-editor__filters">
        {attributes
          .filter((attribute) => attribute.filterable)
          .map((attribute) => (
            <MultiSelect
              key={attribute.name}
              label={`Filter ${attribute.label}`}
              placeholder={dataset ? 'Every value' : 'Loading values…'}
              options={filterValues(dataset, attribute.name).map((text) => ({ id: text, label: text }))}
              selectedKeys={value.config[attribute.name] ?? []}
              onSelectionChange={(values) => setFilter(attribute.name, values)}
              isDisabled={!dataset}
            />
          ))}
      </div>
      <section aria-labelledby={headingId} className="report-editor__unavailable">
        <h3 id={headingId}>Unavailable attributes</h3>
        <p>{UNAVAILABLE_MEDIA_REASON}</p>
        <ul>
          {UNAVAILABLE_MEDIA_ATTRIBUTES.map((attribute) => (
            <li key={attribute.name} aria-disabled="true">
              {attribute.label}
            </li>
          ))}
        </ul>
      </section>
    </fieldset>
  );
}
