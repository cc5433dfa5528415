import { CHART_TYPE_LABELS, CHART_TYPES, TIME_UNITS, type ChartConfig, type DatasetAttribute } from '../../../shared/contracts/dashboards';
import { CheckboxGroup } from '../../../ui/CheckboxGroup';
import { Select } from '../../../ui/Select';
import { changeChartType, groupingChoices, plotAttributeChoices, plotAttributeLimit, takesGrouping, takesPlotAttributes, withPlotAttributes } from '../chart-data/rules';

/** The grouping choice that groups nothing (a Select key cannot be null). */
const NO_GROUP = '__none';

export interface ChartConfiguratorProps {
  attributes: readonly DatasetAttribute[];
  value: ChartConfig;
  onChange: (value: ChartConfig) => void;
}

/**
 * The chart configurator (part 3 §2 Chart views): the type, the plot attributes where the type takes them (one for bar,
 * horizontal bar and pie, §5), the grouping where it takes one, and the time unit durations are shown in. Changing the
 * type clears the plot attributes and the grouping (§3).
 */
export function ChartConfigurator({ attributes, value, onChange }: ChartConfiguratorProps) {
  const valueOptions = plotAttributeChoices(attributes).map((attribute) => ({ id: attribute.name, label: attribute.label }));
  return (
    <fieldset className="report-editor__group">
      <legend>Chart configuration</legend>
      <Select
        label="Chart type"
        options={CHART_TYPES.map((type) => ({ id: type, label: CHART_TYPE_LABELS[type] }))}
        selectedKey={value.type}
        onSelectionChange={(key) => {
          const type = CHART_TYPES.find((candidate) => candidate === key);
          if (type && type !== value.type) onChange(changeChartType(value, type));
        }}
      />
      {takesPlotAttributes(value.type) &&
        (plotAttributeLimit(value.type) === 1 ? (
          <Select
            label="Plot attribute"
            placeholder="Count of rows"
            options={valueOptions}
            selectedKey={value.plotAttrs[0] ?? null}
            onSelectionChange={(name) => onChange(withPlotAttributes(value, name ? [...value.plotAttrs, name] : []))}
          />
        ) : (
          <CheckboxGroup
            label="Plot attributes"
            options={valueOptions}
            value={value.plotAttrs}
            onChange={(names) => onChange(withPlotAttributes(value, names))}
          />
        ))}
      {takesGrouping(value.type) && (
        <Select
          label="Group by"
          options={[{ id: NO_GROUP, label: 'No grouping' }, ...groupingChoices(attributes).map((attribute) => ({ id: attribute.name, label: attribute.label }))]}
          selectedKey={value.group ?? NO_GROUP}
          onSelectionChange={(group) => onChange({ ...value, group: group === null || group === NO_GROUP ? null : group })}
        />
      )}
      <Select
        label="Time unit"
        options={TIME_UNITS.map((unit) => ({ id: unit, label: unit }))}
        selectedKey={value.timeUnit}
        onSelectionChange={(key) => {
          const timeUnit = TIME_UNITS.find((unit) => unit === key);
          if (timeUnit) onChange({ ...value, timeUnit });
        }}
      />
    </fieldset>
  );
}
