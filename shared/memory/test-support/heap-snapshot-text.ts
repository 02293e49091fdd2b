// Heap snapshots written by hand, for tests: each object on one line,
//
//   key  type  name  #id  size  -> edgeType name target, …  @script:line
//
// (a type of two words with an underscore: object_shape; a name may have spaces; "-" for none)
// e.g.  'sent  object  Array  #41  32  -> element 0 buf1, element 1 buf2'
// The first line is the root. Turned into the V8 JSON DevTools reads (the
// meta of Node 24's snapshots), so the parser reads them as it reads V8's.
const NODE_TYPES = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic', 'concatenated string', 'sliced string', 'symbol', 'bigint', 'object shape'];
const EDGE_TYPES = ['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak'];
const NODE_FIELDS = ['type', 'name', 'id', 'self_size', 'edge_count', 'detachedness'];

export function heapSnapshotText(lines: readonly string[]): string {
  const parsed = lines.map((line) => {
    const m = /^\s*(\S+)\s+(\S+)\s+(.+?)\s+#(\d+)\s+(\d+)\s*(?:->\s*([^@]*))?(?:@(\d+):(\d+))?\s*$/.exec(line);
    if (!m) throw new Error(`not a snapshot line: ${line}`);
    const [, key, type, name, id, size, edges, script, lineNo] = m;
    return {
      key, type: type.replace(/_/g, ' '), name: name === '-' ? '' : name, id: Number(id), size: Number(size),
      edges: (edges ?? '').split(',').map((e) => e.trim()).filter(Boolean).map((e) => e.split(/\s+/) as [string, string, string]),
      location: script ? [Number(script), Number(lineNo)] : null,
    };
  });
  const index = new Map(parsed.map((n, i) => [n.key, i]));
  const strings: string[] = [];
  const str = (s: string) => {
    const i = strings.indexOf(s);
    return i >= 0 ? i : strings.push(s) - 1;
  };
  const nodes: number[] = [];
  const edges: number[] = [];
  const locations: number[] = [];
  parsed.forEach((n, i) => {
    if (!NODE_TYPES.includes(n.type)) throw new Error(`unknown node type ${n.type}`);
    nodes.push(NODE_TYPES.indexOf(n.type), str(n.name), n.id, n.size, n.edges.length, 0);
    for (const [type, name, to] of n.edges) {
      const target = index.get(to);
      if (target === undefined || !EDGE_TYPES.includes(type)) throw new Error(`bad edge ${type} ${name} ${to}`);
      edges.push(EDGE_TYPES.indexOf(type), type === 'element' || type === 'hidden' ? Number(name) : str(name), target * NODE_FIELDS.length);
    }
    if (n.location) locations.push(i * NODE_FIELDS.length, n.location[0], n.location[1], 0);
  });
  const meta = {
    node_fields: NODE_FIELDS, node_types: [NODE_TYPES, 'string', 'number', 'number', 'number', 'number'],
    edge_fields: ['type', 'name_or_index', 'to_node'], edge_types: [EDGE_TYPES, 'string_or_number', 'node'],
    trace_function_info_fields: [], trace_node_fields: [], sample_fields: [], location_fields: ['object_index', 'script_id', 'line', 'column'],
  };
  return `{"snapshot":{"meta":${JSON.stringify(meta)},"node_count":${parsed.length},"edge_count":${edges.length / 3},"trace_function_count":0},\n`
    + `"nodes":[${nodes.join(',')}],\n"edges":[${edges.join(',')}],\n"trace_function_infos":[],\n"trace_tree":[],\n"samples":[],\n`
    + `"locations":[${locations.join(',')}],\n"strings":${JSON.stringify(strings)}}`;
}
