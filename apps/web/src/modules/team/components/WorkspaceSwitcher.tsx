import { useQuery } from '@apollo/client/react';
import { Building2 } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { selectedWorkspaceId, switchWorkspace } from '../../../app/workspaceSelection';
import { inputClass } from '../../../ui/button';
import { offersAgencyView } from '../../agency/utils/agencyRows';
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

  if (!workspaces || !offersAgencyView(workspaces) || !current) return null;
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
      <NavLink
        to="/agency"
        className={({ isActive }) =>
          `mt-1.5 flex h-7 items-center gap-2 rounded-md px-2 text-xs hover:bg-surface-2 hover:text-fg ${isActive ? 'bg-surface-2 text-fg' : 'text-muted'}`
        }
      >
        <Building2 aria-hidden="true" size={14} />
        Agency view: all workspaces
      </NavLink>
    </div>
  );
}
