/**
 * Every field the MCP specification defines on the parts of a contract Proxar compares, with the
 * rules that compare it. `tests/rules/spec_fields_test.ts` reads the specification's published
 * JSON Schema (revisions 2025-11-25 and 2026-07-28) and fails when a field of these definitions is
 * missing here, so a new revision cannot add a field that Proxar silently ignores. Fields no rule
 * models stay with the catch-all (`<kind>.field.unmodelled`, BREAKING).
 * @module
 */

/** How one field of the specification is compared. */
export type FieldModel =
  /** Compared by these rules. */
  | { rules: readonly string[] }
  /** Deliberately not compared by a dedicated rule, for the reason given. */
  | { reason: string };

/** The definitions of the specification's schema that make up a contract. */
export type SpecDefinition =
  | "Tool"
  | "ToolAnnotations"
  | "ToolExecution"
  | "Prompt"
  | "PromptArgument"
  | "Resource"
  | "ResourceTemplate"
  | "Annotations"
  | "Icon"
  | "Implementation"
  | "ServerCapabilities";

const HINTS = {
  rules: [
    "tool.annotations.safetyWeakened",
    "tool.annotations.safetyClaimed",
    "tool.annotations.safetyStrengthened",
  ],
} as const;
const CAPABILITY = {
  rules: [
    "server.capability.removed",
    "server.capability.added",
    "server.capability.extended",
    "server.capability.changed",
    "server.capability.requestRemoved",
  ],
} as const;
const ICON_PART = {
  rules: [
    "tool.icons.changed",
    "prompt.icons.changed",
    "resource.icons.changed",
    "resourceTemplate.icons.changed",
    "server.icons.changed",
  ],
} as const;

function resourceLike(kind: "resource" | "resourceTemplate", identity: string) {
  return {
    [identity]: { rules: [`${kind}.removed`, `${kind}.added`] },
    name: { rules: [`${kind}.name.changed`] },
    title: { rules: [`${kind}.title.changed`] },
    description: { rules: [`${kind}.description.changed`] },
    mimeType: { rules: [`${kind}.mimeType.changed`] },
    annotations: {
      rules: [
        `${kind}.annotations.audience.changed`,
        `${kind}.annotations.priority.changed`,
        `${kind}.annotations.lastModified.changed`,
        `${kind}.field.unmodelled`,
      ],
    },
    icons: { rules: [`${kind}.icons.changed`] },
    _meta: { rules: [`${kind}.meta.changed`] },
  };
}

/** Each definition's fields, through revision 2026-07-28. */
export const SPEC_FIELDS: Record<SpecDefinition, Record<string, FieldModel>> = {
  Tool: {
    name: { rules: ["tool.removed", "tool.added"] },
    title: { rules: ["tool.title.changed"] },
    description: { rules: ["tool.description.changed"] },
    inputSchema: {
      rules: [
        "tool.input.keyword.unmodelled",
        "tool.input.root.notObject",
        "tool.input.root.object",
      ],
    },
    outputSchema: {
      rules: [
        "tool.output.root.notObject",
        "tool.output.root.object",
        "tool.output.schema.added",
        "tool.output.schema.removed",
        "tool.output.keyword.unmodelled",
      ],
    },
    annotations: { rules: [...HINTS.rules, "tool.annotations.unmodelled"] },
    icons: { rules: ["tool.icons.changed"] },
    _meta: { rules: ["tool.meta.changed"] },
    execution: {
      rules: ["tool.execution.taskSupport.narrowed", "tool.execution.taskSupport.widened"],
    },
  },
  ToolAnnotations: {
    title: { rules: ["tool.annotations.title.changed"] },
    readOnlyHint: HINTS,
    destructiveHint: HINTS,
    idempotentHint: HINTS,
    openWorldHint: HINTS,
  },
  ToolExecution: {
    taskSupport: {
      rules: ["tool.execution.taskSupport.narrowed", "tool.execution.taskSupport.widened"],
    },
  },
  Prompt: {
    name: { rules: ["prompt.removed", "prompt.added"] },
    title: { rules: ["prompt.title.changed"] },
    description: { rules: ["prompt.description.changed"] },
    arguments: {
      rules: [
        "prompt.argument.removed",
        "prompt.argument.added",
        "prompt.argument.required.added",
        "prompt.argument.required.removed",
      ],
    },
    icons: { rules: ["prompt.icons.changed"] },
    _meta: { rules: ["prompt.meta.changed"] },
  },
  PromptArgument: {
    name: { rules: ["prompt.argument.removed", "prompt.argument.added"] },
    title: { rules: ["prompt.argument.title.changed"] },
    description: { rules: ["prompt.argument.description.changed"] },
    required: { rules: ["prompt.argument.required.added", "prompt.argument.required.removed"] },
  },
  Resource: {
    ...resourceLike("resource", "uri"),
    size: { rules: ["resource.size.changed"] },
  },
  ResourceTemplate: resourceLike("resourceTemplate", "uriTemplate"),
  Annotations: {
    audience: {
      rules: [
        "resource.annotations.audience.changed",
        "resourceTemplate.annotations.audience.changed",
      ],
    },
    priority: {
      rules: [
        "resource.annotations.priority.changed",
        "resourceTemplate.annotations.priority.changed",
      ],
    },
    lastModified: {
      rules: [
        "resource.annotations.lastModified.changed",
        "resourceTemplate.annotations.lastModified.changed",
      ],
    },
  },
  // An icon is compared as a whole: any change of any of its fields is an icons change.
  Icon: { src: ICON_PART, mimeType: ICON_PART, sizes: ICON_PART, theme: ICON_PART },
  Implementation: {
    name: { rules: ["server.name.changed"] },
    version: { rules: ["server.version.changed"] },
    title: { rules: ["server.title.changed"] },
    description: { rules: ["server.description.changed"] },
    icons: { rules: ["server.icons.changed"] },
    websiteUrl: { rules: ["server.websiteUrl.changed"] },
  },
  // Capabilities are compared key by key; `experimental` and `extensions` entry by entry.
  ServerCapabilities: {
    completions: CAPABILITY,
    experimental: CAPABILITY,
    extensions: CAPABILITY,
    logging: CAPABILITY,
    prompts: CAPABILITY,
    resources: CAPABILITY,
    tasks: CAPABILITY,
    tools: CAPABILITY,
  },
};

/** The fields of a definition that some rule compares; the rest go to the catch-all. */
export function modelledFields(definition: SpecDefinition): string[] {
  return Object.entries(SPEC_FIELDS[definition]).flatMap(([field, model]) =>
    "rules" in model ? [field] : []
  );
}
