import { VARIABLE_MESSAGES, type Variable, type VariableList } from '../../shared/contracts/variables';
import type { Db } from '../db/database';
import type { AuthenticatedUser } from '../http/appEnv';
import { listVariables, seesExcel, systemVariables } from './repository';

export const VARIABLES_TAG = 'Variables';

/** The answer of every save (§8 'Variable Saved'). */
export const savedAnswer = (variable: Variable) => ({ success: true as const, message: VARIABLE_MESSAGES.saved, data: variable });

/**
 * What list and search answer: the organization's active variables (Excel ones only for holders of DATASOURCE_INPUT)
 * and the system variables, narrowed to those whose name or value contains `text` (ignoring case).
 */
export async function variableListFor(db: Db, user: AuthenticatedUser, origin: string, text = ''): Promise<VariableList> {
  const needle = text.trim().toLowerCase();
  const matches = (variable: Variable) => needle === '' || `${variable.variableName}\n${variable.value.join('\n')}`.toLowerCase().includes(needle);
  const variables = await listVariables(db, user.row.org_id, { withExcel: seesExcel(user) });
  return { variables: variables.filter(matches), systemVariables: systemVariables(origin).filter(matches) };
}
