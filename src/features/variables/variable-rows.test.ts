import { describe, expect, it } from 'vitest';
import { makeVariable } from '../../../tests/msw/variables';
import { variableMessages } from './frame-announcements';
import { formChanges, formStateOf, freeName, nameFromFile, typeFilters, validateVariableForm, type VariableFeatures, type VariableFormState } from './variable-rows';

const ALL: VariableFeatures = { systemVariables: true, resourceVariables: true, resourcePooling: true, excel: true };
const NONE: VariableFeatures = { systemVariables: false, resourceVariables: false, resourcePooling: false, excel: false };


const form = (overrides: Partial<VariableFormState>): VariableFormState => ({ variableName: 'name', valueType: 'String', text: '', resources: [], file: null, ...overrides });

describe('variable rows and form rules', () => {
  it('names Excel variables after their file with _1, _2 … when taken (ignoring case)', () => {
    expect(nameFromFile('Login data.xlsx')).toBe('Login_data');
    expect(nameFromFile('---.xls')).toBe('excel');
    expect(freeName('users', ['other'])).toBe('users');
    expect(freeName('users', ['USERS'])).toBe('users_1');
    expect(freeName('users', ['users', 'users_1'])).toBe('users_2');
  });

  it('offers the type filters the flags and DATASOURCE_INPUT allow, in the spec order', () => {
    expect(typeFilters(ALL)).toEqual(['All', 'String', 'Resource', 'System', 'Excel']);
    expect(typeFilters(NONE)).toEqual(['All', 'String']);
  });

  it('defaults the value type to String, or none when the resource feature is on (§5)', () => {
    expect(formStateOf(null, NONE).valueType).toBe('String');
    expect(formStateOf(null, ALL).valueType).toBeNull();
  });

  it('validates name, type, resources (1, or 5 with pooling) and Excel files (§5, §9)', () => {
    const context = { taken: ['Taken'], pooling: false, editing: null };
    expect(validateVariableForm(form({ variableName: ' ' }), context)).toEqual({ variableName: 'Required' });
    expect(validateVariableForm(form({ variableName: 'taken' }), context)).toEqual({ variableName: 'Already Exists' });
    expect(validateVariableForm(form({ variableName: 'a-b' }), context)).toEqual({ variableName: 'Letters, digits and underscores only' });
    expect(validateVariableForm(form({ valueType: null }), context)).toEqual({ valueType: 'Required' });
    expect(validateVariableForm(form({ valueType: 'Resource' }), context)).toEqual({ value: 'Required' });
    expect(validateVariableForm(form({ valueType: 'Resource', resources: ['a', 'b'] }), context)).toEqual({ value: 'Choose one resource' });
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(validateVariableForm(form({ valueType: 'Resource', resources: six.slice(0, 5) }), { ...context, pooling: true })).toEqual({});
    expect(validateVariableForm(form({ valueType: 'Resource', resources: six }), { ...context, pooling: true })).toEqual({ value: 'Choose at most 5 resources' });
    expect(validateVariableForm(form({ valueType: 'Excel' }), context)).toEqual({ file: 'Required' });
    expect(validateVariableForm(form({ valueType: 'Excel', file: new File([''], 'a.csv') }), context)).toEqual({ file: 'Excel files accept only .xls and .xlsx' });
    expect(validateVariableForm(form({ valueType: 'Excel', file: new File([''], 'a.XLS') }), context)).toEqual({});
    // Its own name is not taken, and a saved Excel variable keeps its sheet without a new file.
    expect(validateVariableForm(form({ variableName: 'Taken', valueType: 'Excel' }), { ...context, editing: makeVariable({ variableName: 'Taken', valueType: 'Excel' }) })).toEqual({});
  });

  it('saves an edit only when something differs (§4)', () => {
    const host = makeVariable({ variableName: 'host', value: ['a.test'] });
    expect(formChanges(formStateOf(host, ALL), host)).toBe(false);
    expect(formChanges({ ...formStateOf(host, ALL), text: 'b.test' }, host)).toBe(true);
    expect(formChanges({ ...formStateOf(host, ALL), variableName: 'host2' }, host)).toBe(true);
  });

  it('announces a save by its kind and a removal as removeVariable, each with variableChanged', () => {
    expect(variableMessages('saved', { valueType: 'String' })).toEqual(['refreshVariable', 'variableChanged']);
    expect(variableMessages('saved', { valueType: 'Resource' })).toEqual(['refreshResoureVariable', 'variableChanged']);
    expect(variableMessages('saved', { valueType: 'Excel' })).toEqual(['refreshDataSourceVariable', 'variableChanged']);
    expect(variableMessages('removed', { valueType: 'Excel' })).toEqual(['removeVariable', 'variableChanged']);
  });
});
