/**
 * The `pattern` zod 4's `toJSONSchema` writes beside a string format (`z.email()` gives
 * `format: "email"` and zod's own email regex), as exact strings, so that adding one where the
 * same `format` was already written can be told apart from a pattern an author wrote. Taken from
 * zod's `v4/core/regexes.js` as `toJSONSchema` emits them, for zod 4.1.13 (bundled by
 * @cyanheads/git-mcp-server 2.6.5) and zod 4.6.7; the date-time patterns are built the way each
 * version builds them, for every combination of its `offset`, `local` and `precision` options
 * (precision -1 to 9). A test checks the 4.6.7 table against zod itself.
 * @module
 */

const DATE =
  "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
const OFFSET = "([+-](?:[01]\\d|2[0-3]):[0-5]\\d)";
const PRECISIONS = [undefined, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** zod's timeSource(): hours and minutes, then seconds as `precision` and `seconds` ask. */
function timeSource(precision: number | undefined, seconds: boolean): string {
  const hhmm = "(?:[01]\\d|2[0-3]):[0-5]\\d";
  if (precision === -1) return hhmm;
  if (precision === 0) return `${hhmm}:[0-5]\\d`;
  if (precision !== undefined) return `${hhmm}:[0-5]\\d\\.\\d{${precision}}`;
  return seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
}

/** Every date-time pattern one version writes, from its way of joining time and zone. */
function dateTimes(time: (p: number | undefined, offset: boolean, local: boolean) => string) {
  return PRECISIONS.flatMap((p) =>
    [false, true].flatMap((offset) =>
      [false, true].map((local) => `^${DATE}T(?:${time(p, offset, local)})$`)
    )
  );
}

const UUID = (v: string) =>
  `^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${v}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`;
const IPV4 =
  "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
const IPV6 =
  "(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))";
const CIDR4 =
  "^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\/([0-9]|[1-2][0-9]|3[0-2])$";
const V6_BITS = "\\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$";

/** Patterns both versions write, by format. */
const SHARED: Record<string, string[]> = {
  uuid: [
    "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$",
    UUID("4"),
    UUID("6"),
    UUID("7"),
    "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
  ],
  base64: ["^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$"],
  nanoid: ["^[a-zA-Z0-9_-]{21}$"],
  cuid2: ["^[0-9a-z]+$"],
  xid: ["^[0-9a-vA-V]{20}$"],
  ksuid: ["^[A-Za-z0-9]{27}$"],
  ipv4: [`^(?:${IPV4}$`],
  ipv6: [`^${IPV6}$`],
  cidrv4: [CIDR4],
  hostname: [
    "^(?=.{1,253}\\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\\.?$",
  ],
  date: [`^${DATE}$`],
  duration: [
    "^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+([.,]\\d+)?S)?)?)$",
  ],
};

/** zod 4.1.13's own patterns. */
const zod41 = (): Record<string, string[]> => ({
  email: [
    "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
  ],
  emoji: ["^(\\p{Extended_Pictographic}|\\p{Emoji_Component})+$"],
  base64url: ["^[A-Za-z0-9_-]*$"],
  cuid: ["^[cC][^\\s-]{8,}$"],
  ulid: ["^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$"],
  cidrv6: [
    `^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|::|([0-9a-fA-F]{1,4})?::([0-9a-fA-F]{1,4}:?){0,6})${V6_BITS}`,
  ],
  e164: ["^\\+(?:[0-9]){6,14}[0-9]$"],
  "date-time": dateTimes((p, offset, local) =>
    `${timeSource(p, false)}(?:${
      ["Z", ...(local ? [""] : []), ...(offset ? [OFFSET] : [])].join("|")
    })`
  ),
});

/** zod 4.6.7's own patterns. */
const zod46 = (): Record<string, string[]> => ({
  email: [
    "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
  ],
  emoji: [
    "^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$",
  ],
  base64url: ["^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$"],
  cuid: ["^[cC][0-9a-z]{6,}$"],
  ulid: ["^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$"],
  cidrv6: [`^${IPV6}${V6_BITS}`],
  e164: ["^\\+[1-9]\\d{6,14}$"],
  "date-time": dateTimes((p, offset, local) => {
    const qualified = `${timeSource(p, true)}(?:${["Z", ...(offset ? [OFFSET] : [])].join("|")})`;
    return local ? `${qualified}|${timeSource(p, false)}` : qualified;
  }),
});

let built: ReadonlyMap<string, ReadonlySet<string>> | undefined;

/**
 * Every known zod pattern, by the format it is written beside: built when first asked for, which
 * a diff that adds no pattern beside a format never does (building it joins and hashes about a
 * hundred date-time patterns of some 400 characters, ~1% of the demo diff's start-up).
 */
export function zodPatterns(): ReadonlyMap<string, ReadonlySet<string>> {
  if (built) return built;
  const map = new Map<string, Set<string>>();
  for (const table of [SHARED, zod41(), zod46()]) {
    for (const [format, patterns] of Object.entries(table)) {
      const set = map.get(format) ?? new Set<string>();
      for (const p of patterns) set.add(p);
      map.set(format, set);
    }
  }
  return built = map;
}

/**
 * Whether a pattern that went from `a` to `b`, beside a format that is `formatA` old and
 * `formatB` new, is one of zod's own patterns only added: on an input schema outside `not`,
 * `a` absent, `b` the pattern zod 4 writes for that format, and the same format on both sides.
 * Graded POTENTIALLY_BREAKING: it repeats the format in zod's words, which validators that
 * check the format already mostly enforced.
 */
export function zodPatternAdded(
  a: { pattern?: unknown; format?: unknown },
  b: { pattern?: unknown; format?: unknown },
  at: { side: "input" | "output"; negated: boolean },
): boolean {
  return at.side === "input" && !at.negated && a.pattern === undefined &&
    typeof b.pattern === "string" && typeof a.format === "string" && a.format === b.format &&
    (zodPatterns().get(a.format)?.has(b.pattern) ?? false);
}
