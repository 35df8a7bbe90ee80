import { ROLE_LABELS } from '../../lib/format/roles';

/** What each role may do, so that choosing one (or reading one's own) needs no guessing. */
export function RoleGuide() {
  return (
    <dl className="role-guide">
      {Object.values(ROLE_LABELS).map((role) => (
        <div key={role.name}>
          <dt>{role.name}</dt>
          <dd>{role.can}</dd>
        </div>
      ))}
    </dl>
  );
}
