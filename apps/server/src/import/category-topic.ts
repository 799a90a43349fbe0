/**
 * The topic a Moodle category path names, for GIFT's `$CATEGORY:` lines and Moodle XML's category
 * questions alike: `$course$/top/Physics/Kinematics` → `Kinematics` (Moodle writes a `/` inside a name
 * as `//`).
 */
export function categoryTopic(path: string): string | null {
  const parts = path
    .replace(/\/\//g, '\uE010')
    .split('/')
    .map((p) => p.replace(/\uE010/g, '/').trim())
    .filter((p) => p && !/^\$[a-z]+\$$/.test(p) && p !== 'top');
  return parts.at(-1) ?? null;
}
