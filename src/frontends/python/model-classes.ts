import { qualifiedName } from './imports.js';
import type { Scopes } from './scope.js';
import { field, isFunction, namedChildren, spanOf, statementsOf, textOf, walk, type PyModule, type PyNode } from './syntax.js';
import type { SelfWrite } from './fields.js';

/**
 * Classes whose constructor takes their fields as parameters: dataclasses,
 * attrs classes and pydantic models (`settings.permission_mode` of
 * `Settings(permission_mode=...)`). `settings`: pydantic's BaseSettings,
 * which reads each field from the environment before its default.
 */
export type ModelKind = 'dataclass' | 'attrs' | 'pydantic' | 'settings';

export interface ModelField {
  name: string;
  /** Where a caller passes it by position. */
  index: number;
  /** `= value`, `field(default=value)`, `attr.ib(default=value)`, `Field(value)`. */
  default?: PyNode;
  /** `default_factory=f`, `factory=f`: the default is what `f()` returns. */
  factory?: PyNode;
  /** `init=False`: the constructor takes no argument for it. */
  init: boolean;
  /** The field's name as written. */
  at: PyNode;
}

export interface ModelClass {
  kind: ModelKind;
  fields: Map<string, ModelField>;
  /** BaseSettings' `env_prefix` (`model_config = SettingsConfigDict(env_prefix=...)`, `class Config`), as written. */
  envPrefix?: PyNode;
}

const decorators: Record<string, ModelKind> = {
  'dataclasses.dataclass': 'dataclass',
  'pydantic.dataclasses.dataclass': 'dataclass',
  'attr.s': 'attrs', 'attr.attrs': 'attrs', 'attr.define': 'attrs', 'attr.frozen': 'attrs', 'attr.mutable': 'attrs', 'attr.dataclass': 'attrs',
  'attrs.define': 'attrs', 'attrs.frozen': 'attrs', 'attrs.mutable': 'attrs',
};
const bases: Record<string, ModelKind> = {
  'pydantic.BaseModel': 'pydantic',
  'pydantic.main.BaseModel': 'pydantic',
  'pydantic.BaseSettings': 'settings',
  'pydantic_settings.BaseSettings': 'settings',
};
/** The calls that describe a field rather than give its value. */
const fieldSpecifiers = new Set(['dataclasses.field', 'attr.ib', 'attr.attrib', 'attr.field', 'attrs.field', 'pydantic.Field']);

const known = new WeakMap<PyNode, ModelClass | null>();

/**
 * The model class `cls` (a `class_definition`) is, with its fields in order;
 * undefined for any other class. A subclass of a model class of this module
 * takes its base's fields first (an undecorated dataclass or attrs subclass
 * adds none of its own) and its `env_prefix`.
 */
export function modelClassOf(source: PyModule, scopes: Scopes, cls: PyNode): ModelClass | undefined {
  let model = known.get(cls);
  if (model === undefined) {
    // A class that derives from itself through a cycle is no model.
    known.set(cls, null);
    const own = kindOf(source, scopes, cls);
    const base = baseModelOf(source, scopes, cls);
    const kind = own ?? base?.kind;
    const addsFields = own !== undefined || kind === 'pydantic' || kind === 'settings';
    const prefix = envPrefixOf(source, cls) ?? base?.envPrefix;
    model = kind ? { kind, fields: addsFields ? fieldsOf(source, scopes, cls, kind, base?.fields) : new Map(base!.fields), ...(prefix ? { envPrefix: prefix } : {}) } : null;
    known.set(cls, model);
  }
  return model ?? undefined;
}

/** The model class of this module that `cls` derives from, the first one listed. */
function baseModelOf(source: PyModule, scopes: Scopes, cls: PyNode): ModelClass | undefined {
  const superclasses = field(cls, 'superclasses');
  for (const base of superclasses ? namedChildren(superclasses) : []) {
    const local = localClassOf(source, scopes, base);
    const model = local && modelClassOf(source, scopes, local);
    if (model) return model;
  }
  return undefined;
}

/** `model_config = SettingsConfigDict(env_prefix="AGENT_")` (or a dict), or `class Config: env_prefix = "AGENT_"`. */
function envPrefixOf(source: PyModule, cls: PyNode, inConfig = false): PyNode | undefined {
  for (const statement of statementsOf(field(cls, 'body'))) {
    if (!inConfig && statement.type === 'class_definition' && textOf(source, field(statement, 'name')!) === 'Config') {
      const found = envPrefixOf(source, statement, true);
      if (found) return found;
      continue;
    }
    const [assignment] = statement.type === 'expression_statement' ? namedChildren(statement) : [];
    const left = assignment?.type === 'assignment' ? field(assignment, 'left') : undefined;
    const right = assignment && field(assignment, 'right');
    if (left?.type !== 'identifier' || !right) continue;
    const name = textOf(source, left);
    if (inConfig) {
      if (name === 'env_prefix') return right;
      continue;
    }
    if (name !== 'model_config') continue;
    if (right.type === 'call') {
      const item = namedChildren(field(right, 'arguments')!).find((each) => each.type === 'keyword_argument' && textOf(source, field(each, 'name')!) === 'env_prefix');
      const value = item && field(item, 'value');
      if (value) return value;
    }
    if (right.type === 'dictionary') {
      const pair = namedChildren(right).find((each) => each.type === 'pair' && /^["']env_prefix["']$/.test(textOf(source, field(each, 'key')!)));
      const value = pair && field(pair, 'value');
      if (value) return value;
    }
  }
  return undefined;
}

function kindOf(source: PyModule, scopes: Scopes, cls: PyNode): ModelKind | undefined {
  const holder = cls.parent?.type === 'decorated_definition' ? cls.parent : undefined;
  for (const decorator of holder ? holder.children.filter((child) => child.type === 'decorator') : []) {
    const [expression] = namedChildren(decorator);
    // `@dataclass(frozen=True)` names the decorator in its call.
    const named = expression?.type === 'call' ? field(expression, 'function') : expression;
    const name = named && qualifiedName(source, scopes, named);
    if (name && Object.hasOwn(decorators, name)) return decorators[name];
  }
  const superclasses = field(cls, 'superclasses');
  for (const base of superclasses ? namedChildren(superclasses) : []) {
    const name = qualifiedName(source, scopes, base);
    if (name && Object.hasOwn(bases, name)) return bases[name];
  }
  return undefined;
}

function fieldsOf(source: PyModule, scopes: Scopes, cls: PyNode, kind: ModelKind, inherited?: ReadonlyMap<string, ModelField>): Map<string, ModelField> {
  const fields = new Map<string, ModelField>(inherited);
  for (const statement of statementsOf(field(cls, 'body'))) {
    const [assignment] = statement.type === 'expression_statement' ? namedChildren(statement) : [];
    const left = assignment?.type === 'assignment' ? field(assignment, 'left') : undefined;
    if (left?.type !== 'identifier') continue;
    const type = field(assignment!, 'type');
    const value = field(assignment!, 'right');
    if (type && /^(typing\.)?ClassVar\b/.test(textOf(source, type))) continue;
    const specifier = value?.type === 'call' ? specifierOf(source, scopes, value, kind) : undefined;
    // Without a type only attrs' `x = attr.ib()` is a field; `x = 1` is a class attribute.
    if (!type && !specifier) continue;
    const name = textOf(source, left);
    // A field the base declares keeps its place among the constructor's parameters.
    fields.set(name, { name, index: fields.get(name)?.index ?? fields.size, ...(specifier ?? (value ? { default: value } : {})), init: specifier?.init ?? true, at: left });
  }
  return fields;
}

/** `field(default=..., default_factory=..., init=False)` and its kin: where the default comes from. */
function specifierOf(source: PyModule, scopes: Scopes, call: PyNode, kind: ModelKind): Pick<ModelField, 'default' | 'factory' | 'init'> | undefined {
  const callee = field(call, 'function');
  const name = callee && qualifiedName(source, scopes, callee);
  if (!name || !fieldSpecifiers.has(name)) return undefined;
  const items = namedChildren(field(call, 'arguments')!);
  const keyword = (wanted: string) => {
    const item = items.find((each) => each.type === 'keyword_argument' && textOf(source, field(each, 'name')!) === wanted);
    return item && field(item, 'value');
  };
  // pydantic's `Field("x")` takes the default first; `Field(...)` marks a required field.
  const [first] = items;
  const positional = (kind === 'pydantic' || kind === 'settings') && first && first.type !== 'keyword_argument' && first.type !== 'ellipsis' ? first : undefined;
  const fallback = keyword('default') ?? positional;
  const factory = keyword('default_factory') ?? keyword('factory');
  const init = keyword('init');
  return { ...(fallback ? { default: fallback } : {}), ...(factory ? { factory } : {}), init: !(init && textOf(source, init) === 'False') };
}

/**
 * The class a name refers to when this module defines it once: `Settings`
 * in `Settings(...)` or in an annotation `settings: Settings`.
 */
export function localClassOf(source: PyModule, scopes: Scopes, identifier: PyNode): PyNode | undefined {
  if (identifier.type !== 'identifier') return undefined;
  const sites = scopes.resolve(identifier)?.bindings.get(textOf(source, identifier));
  const site = sites?.length === 1 ? sites[0] : undefined;
  return site?.parent?.type === 'class_definition' && field(site.parent, 'name') === site ? site.parent : undefined;
}

const outsideWrites = new WeakMap<PyNode, { instance: Map<string, SelfWrite[]>; statics: Map<string, SelfWrite[]> }>();

/**
 * The writes `session.x = value` anywhere in the module through a name that
 * holds an instance of class `cls` (every assignment to it is `Cls(...)`,
 * or a parameter annotated `Cls`): a command handler or a UI action that may
 * run before any read, like a method's write.
 */
export function instanceWritesOf(source: PyModule, scopes: Scopes, cls: PyNode): Map<string, SelfWrite[]> {
  return outsideWritesOf(source, scopes, cls).instance;
}

/** The writes `Cls.x = value` to a class attribute, anywhere in the module. */
export function classWritesOf(source: PyModule, scopes: Scopes, cls: PyNode): Map<string, SelfWrite[]> {
  return outsideWritesOf(source, scopes, cls).statics;
}

function outsideWritesOf(source: PyModule, scopes: Scopes, cls: PyNode): { instance: Map<string, SelfWrite[]>; statics: Map<string, SelfWrite[]> } {
  let writes = outsideWrites.get(cls);
  if (writes) return writes;
  const found = { instance: new Map<string, SelfWrite[]>(), statics: new Map<string, SelfWrite[]>() };
  walk(source.root, (node) => {
    if (node.type !== 'assignment') return true;
    const left = field(node, 'left');
    const right = field(node, 'right');
    const object = left?.type === 'attribute' ? field(left, 'object') : undefined;
    const attribute = left && field(left, 'attribute');
    if (!right || !attribute || object?.type !== 'identifier') return true;
    const into = localClassOf(source, scopes, object) === cls ? found.statics : holdsInstance(source, scopes, object, cls) ? found.instance : undefined;
    if (!into) return true;
    const key = textOf(source, attribute);
    const owner = enclosingName(source, node);
    const write: SelfWrite = { place: 'method', name: `${textOf(source, object)}.${key}`, ...(owner ? { owner } : {}), value: right, span: spanOf(source, node) };
    const list = into.get(key);
    if (list) list.push(write);
    else into.set(key, [write]);
    return true;
  });
  writes = found;
  outsideWrites.set(cls, writes);
  return writes;
}

function holdsInstance(source: PyModule, scopes: Scopes, identifier: PyNode, cls: PyNode): boolean {
  const sites = scopes.resolve(identifier)?.bindings.get(textOf(source, identifier)) ?? [];
  return sites.length > 0 && sites.every((site) => {
    const holder = site.parent;
    if (holder?.type === 'assignment' && field(holder, 'left') === site) {
      const value = field(holder, 'right');
      const callee = value?.type === 'call' ? field(value, 'function') : undefined;
      return !!callee && localClassOf(source, scopes, callee) === cls;
    }
    const type = holder && (holder.type === 'typed_parameter' || holder.type === 'typed_default_parameter') ? field(holder, 'type') : undefined;
    const [annotation] = type ? namedChildren(type) : [];
    return !!annotation && localClassOf(source, scopes, annotation) === cls;
  });
}

function enclosingName(source: PyModule, node: PyNode): string | undefined {
  let current = node.parent;
  while (current && !isFunction(current)) current = current.parent;
  const name = current && field(current, 'name');
  return name && textOf(source, name);
}
