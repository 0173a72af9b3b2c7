import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { selectedWorkspaceId, switchWorkspace } from '../../../app/workspaceSelection';
import { inputClass } from '../../../ui/button';
import { ViewerQuery } from '../../shell/graphql/viewer';
import { currentWorkspace } from '../../shell/utils/currentWorkspace';

/**
 * The sidebar's workspace picker. Choosing one stores it and reloads, so every query runs there.
 * A stored workspace the user is no longer in (removed, left) falls back to the personal one.
 */
export function WorkspaceSwitcher() {
  const { data } = useQuery(ViewerQuery);
  const workspaces = data?.me.workspaces;
  const selected = selectedWorkspaceId();
  const current = currentWorkspace(workspaces, selected);

  useEffect(() => {
    if (workspaces && selected && !workspaces.some((w) => w.id === selected)) {
      switchWorkspace(null, window.location.pathname);
    }
  }, [workspaces, selected]);

  if (!workspaces || workspaces.length < 2 || !current) return null;
  return (
    <div className="border-b border-border px-3 py-2">
      <label htmlFor="workspace-switcher" className="sr-only">
        Workspace
      </label>
      <select
        id="workspace-switcher"
        className={`${inputClass} h-8 text-[13px]`}
        value={current.id}
        onChange={(e) => switchWorkspace(e.target.value)}
      >
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.personal ? `${w.name} (personal)` : w.name}
          </option>
        ))}
      </select>
    </div>
  );
}
