import { VARIABLE_LIMITS, VARIABLE_NAME_PATTERN, type Variable, type VariableList, type VariableValueType } from '../../shared/contracts/variables';
import { VARIABLES_TEXT } from './variable-messages';

export type TypeFilter = 'All' | VariableValueType;

/** What the studio config and the user's features turn on (spec part 2 §2, §6). */
export interface VariableFeatures {
  /** VariableManagement.systemVariableFeature: System variables and the Access column. */
  systemVariables: boolean;
  /** VariableManagement.resourceVariableFeature: Resource variables and the Type column. */
  resourceVariables: boolean;
  /** VariableManagement.resourcePooling: up to 5 resources instead of 1. */
  resourcePooling: boolean;
  /** DATASOURCE_INPUT: Excel variables visible and editable. */
  excel: boolean;
}

/** The type filter's choices, in the spec's order, leaving out the kinds this user cannot see. */
export function typeFilters(features: VariableFeatures): TypeFilter[] {
  return (['All', 'String', 'Resource', 'System', 'Excel'] as const).filter(
    (type) => (type !== 'Resource' || features.resourceVariables) && (type !== 'System' || features.systemVariables) && (type !== 'Excel' || features.excel),
  );
}

/** The value types the form offers (System is built in, never made). */
export function formValueTypes(features: VariableFeatures): VariableValueType[] {
  return (['String', 'Resource', 'Excel'] as const).filter((type) => (type !== 'Resource' || features.resourceVariables) && (type !== 'Excel' || features.excel));
}

/** The rows of the table: the organization's variables, then the system ones under their flag. */
export function variableRows(list: VariableList, features: VariableFeatures): Variable[] {
  const visible = list.variables.filter((variable) => (variable.valueType !== 'Excel' || features.excel) && (variable.valueType !== 'Resource' || features.resourceVariables));
  return features.systemVariables ? [...visible, ...list.systemVariables] : visible;
}

/** Rows of the chosen type (the search is the server's, §7). */
export function ofType(rows: readonly Variable[], type: TypeFilter): Variable[] {
  return rows.filter((row) => type === 'All' || row.valueType === type);
}

/** §4: `base`, or base_1, base_2 … : the first name no variable shown has (ignoring case, as the server does). */
export function freeName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let suffix = 1; ; suffix++) {
    const candidate = `${base}_${suffix}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** An Excel file's name as a `${name}`-safe variable name (extension dropped), as the server makes it. */
export function nameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .replaceAll(/\W+/g, '_')
    .replaceAll(/^_+|_+$/g, '');
  return (base || 'excel').slice(0, VARIABLE_LIMITS.name - 6);
}

export const isExcelFileName = (name: string) => /\.(xls|xlsx)$/i.test(name);

export interface VariableFormState {
  variableName: string;
  valueType: VariableValueType | null;
  /** String: the text; Resource: device ids. */
  text: string;
  resources: string[];
  file: File | null;
}

export type VariableFormErrors = Partial<Record<'variableName' | 'valueType' | 'value' | 'file', string>>;

/**
 * §5: name required (`${name}`-safe, free); a value type; Resource and Excel make the value required; Resource holds 1
 * resource, or up to 5 with pooling; Excel files only .xls and .xlsx. `editing` is the variable being edited (its own
 * name is not taken, and an Excel one keeps its sheet without a new file).
 */
export function validateVariableForm(form: VariableFormState, context: { taken: readonly string[]; pooling: boolean; editing: Variable | null }): VariableFormErrors {
  const errors: VariableFormErrors = {};
  const name = form.variableName.trim();
  const taken = context.taken.filter((other) => other.toLowerCase() !== context.editing?.variableName.toLowerCase()).map((other) => other.toLowerCase());
  if (name === '') errors.variableName = VARIABLES_TEXT.required;
  else if (name.length > VARIABLE_LIMITS.name) errors.variableName = VARIABLES_TEXT.nameTooLong;
  else if (!VARIABLE_NAME_PATTERN.test(name)) errors.variableName = VARIABLES_TEXT.namePattern;
  else if (taken.includes(name.toLowerCase())) errors.variableName = VARIABLES_TEXT.alreadyExists;
  if (form.valueType === null) errors.valueType = VARIABLES_TEXT.required;
  if (form.valueType === 'Resource') {
    const limit = context.pooling ? VARIABLE_LIMITS.resources : 1;
    if (form.resources.length === 0) errors.value = VARIABLES_TEXT.required;
    else if (form.resources.length > limit) errors.value = VARIABLES_TEXT.tooManyResources(limit);
  }
  if (form.valueType === 'Excel') {
    if (form.file === null && context.editing?.valueType !== 'Excel') errors.file = VARIABLES_TEXT.required;
    else if (form.file !== null && !isExcelFileName(form.file.name)) errors.file = VARIABLES_TEXT.excelOnly;
  }
  return errors;
}

/** The values the form would save: a String variable's text is its one value (empty text: no value). */
export function formValues(form: VariableFormState): string[] {
  if (form.valueType === 'Resource') return form.resources;
  return form.text === '' ? [] : [form.text];
}

/** §4: an edit is saved only if something differs. */
export function formChanges(form: VariableFormState, editing: Variable): boolean {
  if (form.variableName.trim() !== editing.variableName) return true;
  if (form.valueType === 'Excel') return form.file !== null;
  const values = formValues(form);
  return form.valueType !== editing.valueType || values.length !== editing.value.length || values.some((value, index) => value !== editing.value[index]);
}

/** The form filled from a variable (edit), or empty with the default type (new; none when the resource feature is on, §5). */
export function formStateOf(editing: Variable | null, features: VariableFeatures): VariableFormState {
  if (!editing) return { variableName: '', valueType: features.resourceVariables ? null : 'String', text: '', resources: [], file: null };
  return {
    variableName: editing.variableName,
    valueType: editing.valueType,
    text: editing.valueType === 'String' ? editing.value.join(', ') : '',
    resources: editing.valueType === 'Resource' ? editing.value : [],
    file: null,
  };
}
