import type { AnyNode, MemberNode } from '@humanwhocodes/momoa';
import { single } from '../../model/build.js';
import type { ObjectValue, Property, Span, Value } from '../../model/types.js';

/** Deeper than any settings file nests; past it a value is unknown rather than a risk to the stack. */
const maxDepth = 200;

/** Where a node is written; `file` names the settings file, as the other front ends name theirs. */
export function spanOf(node: AnyNode, file?: string): Span {
  const [start, end] = node.range ?? [node.loc.start.offset, node.loc.end.offset];
  return file === undefined ? { start, end } : { start, end, file };
}

/**
 * A JSON value as a model value. Every value is known, so objects and arrays
 * are complete; a duplicated key keeps its last value, as `JSON.parse` does.
 */
export function valueOf(node: AnyNode, file: string, depth = 0): Value {
  const span = spanOf(node, file);
  if (depth > maxDepth) return { kind: 'unknown', span };
  switch (node.type) {
    case 'String':
      return { kind: 'string', value: node.value, span, literal: true };
    case 'Number':
      return { kind: 'number', value: node.value, span };
    case 'Boolean':
      return { kind: 'boolean', value: node.value, span };
    case 'Null':
      return { kind: 'null', span };
    case 'Array':
      return { kind: 'array', span, complete: true, elements: node.elements.map((element) => single(valueOf(element.value, file, depth + 1))) };
    case 'Object': {
      const object: ObjectValue = { kind: 'object', span, properties: new Map(), complete: true };
      for (const member of node.members) {
        const property = propertyOf(member, file, depth);
        object.properties.set(property.key, property);
      }
      return object;
    }
    default:
      // JSON5 extensions (NaN, Infinity, identifiers) never reach here in JSON or JSONC mode.
      return { kind: 'unknown', span };
  }
}

function propertyOf(member: MemberNode, file: string, depth: number): Property {
  const name = member.name.type === 'String' ? member.name.value : member.name.name;
  return { key: name, spelling: name, keySpan: spanOf(member.name, file), value: single(valueOf(member.value, file, depth + 1)) };
}
