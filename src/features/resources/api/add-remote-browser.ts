import { apiJson } from '../../../lib/api-client';
import { remoteBrowserAddedSchema, type AddRemoteBrowser, type RemoteBrowserAdded } from '../../../shared/contracts/remote-browsers';
import { endpoints } from '../../../shared/endpoints';

/** POST {automation}/browserDevices/addRemote: the answer carries the resource's token, sent this once only. */
export async function addRemoteBrowser(browser: AddRemoteBrowser): Promise<RemoteBrowserAdded> {
  return (await apiJson(endpoints.devices.addRemoteBrowser, remoteBrowserAddedSchema, { method: 'POST', json: browser })).data;
}
