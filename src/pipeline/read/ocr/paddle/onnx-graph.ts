// A load-time rewrite of the PaddleOCR models' ONNX graphs that onnxruntime's own optimizer does not do.
// PP-OCRv4's backbone (PP-LCNetV3) follows every convolution with hard-swish, which paddle2onnx exported as four
// element-wise nodes: x * Clip(x + 3, 0, 6) / 6 (Add, Clip, Mul, Div). Element-wise nodes are memory-bound, and
// onnxruntime (graph optimization 'all') keeps all four: in its profile of the recognizer they take more time than
// the convolutions. The same function as two nodes, x * HardSigmoid(x) with alpha 1/6 and beta 1/2 (HardSigmoid
// exists since opset 6, so the model's opset is left alone), reads and writes the activations half as often.
// PP-LCNetV3 also scales and shifts each convolution's output by learnt one-element constants of shape [1], a shape
// onnxruntime's Conv+Mul and Conv+Add fusions refuse; as scalars they are folded into the convolutions' weights.
// Together: ~20% less CPU per model run (detector and recognizer alike, bench/ocr/profile.ts, docs/ocr.md), outputs
// equal to the original's to float rounding (test/pipeline/read/ocr/onnx-graph.test.ts).
//
// Only the protobuf wire format is handled here, and only as deep as needed: the graph's nodes are decoded, every
// other field of the model, the graph and the nodes is copied byte for byte.

/** One protobuf field (exported with parseFields and encodeFields for bench/ocr/band-statistics.ts). */
export interface Field {
  number: number;
  wireType: number;
  /** The field's value: the varint or fixed bytes, or the payload of a length-delimited field. */
  value: Uint8Array;
}

function readVarint(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  let next = offset;
  for (;;) {
    if (next >= bytes.length) throw new Error('truncated varint');
    const byte = bytes[next]!;
    next += 1;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return { value, next };
    scale *= 128;
  }
}

export function parseFields(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const key = readVarint(bytes, offset);
    const number = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    let end: number;
    let start = key.next;
    if (wireType === 0) end = readVarint(bytes, start).next;
    else if (wireType === 1) end = start + 8;
    else if (wireType === 5) end = start + 4;
    else if (wireType === 2) {
      const length = readVarint(bytes, start);
      start = length.next;
      end = start + length.value;
    } else throw new Error(`unsupported protobuf wire type ${wireType}`);
    if (end > bytes.length) throw new Error('truncated protobuf field');
    fields.push({ number, wireType, value: bytes.subarray(start, end) });
    offset = end;
  }
  return fields;
}

function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 128) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

export function encodeFields(fields: readonly Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const field of fields) {
    parts.push(Uint8Array.from(varint(field.number * 8 + field.wireType)));
    if (field.wireType === 2) parts.push(Uint8Array.from(varint(field.value.length)));
    parts.push(field.value);
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const text = new TextDecoder();
const encoder = new TextEncoder();
const bytesField = (number: number, value: Uint8Array): Field => ({ number, wireType: 2, value });
const stringField = (number: number, value: string): Field => bytesField(number, encoder.encode(value));

/** ModelProto.graph, GraphProto.node / initializer, NodeProto fields, TensorProto fields (onnx.proto). */
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_OUTPUT = 12;
const VALUE_INFO_NAME = 1;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const NODE_DOMAIN = 7;
const TENSOR_DIMS = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_FLOAT_DATA = 4;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_FLOAT = 2;
const ATTRIBUTE_INT = 3;
const ATTRIBUTE_STRING = 4;
const ATTRIBUTE_INTS = 8;
const ATTRIBUTE_TYPE = 20;
const ATTRIBUTE_TENSOR = 5;
const FLOAT = 1;

export interface OptimizedGraph {
  model: Uint8Array;
  /** Hard-swish activations rewritten as two nodes. */
  hardSwish: number;
  /** One-element constants turned into scalars. */
  scalars: number;
  /** Scalar biases after a convolution and its scale widened to one value per channel. */
  biases: number;
  /** Scalar scale-and-shift blocks folded into the 1x1 convolution after them. */
  pointwise: number;
}

interface Node {
  fields: Field[];
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
}

function parseNode(bytes: Uint8Array): Node {
  const fields = parseFields(bytes);
  const strings = (number: number) => fields.filter((f) => f.number === number).map((f) => text.decode(f.value));
  return {
    fields,
    opType: strings(NODE_OP_TYPE)[0] ?? '',
    domain: strings(NODE_DOMAIN)[0] ?? '',
    inputs: strings(NODE_INPUT),
    outputs: strings(NODE_OUTPUT),
  };
}

/** The single float of a one-element float tensor (TensorProto bytes), or undefined. */
function scalarOf(tensor: Uint8Array): { name: string; value: number } | undefined {
  const fields = parseFields(tensor);
  const name = fields.find((f) => f.number === TENSOR_NAME);
  const type = fields.find((f) => f.number === TENSOR_DATA_TYPE);
  if (type === undefined || readVarint(type.value, 0).value !== FLOAT) return undefined;
  let count = 1;
  for (const dim of fields.filter((f) => f.number === TENSOR_DIMS)) {
    if (dim.wireType === 0) count *= readVarint(dim.value, 0).value;
    else {
      // Packed: the dims one varint after another.
      for (let offset = 0; offset < dim.value.length;) {
        const size = readVarint(dim.value, offset);
        count *= size.value;
        offset = size.next;
      }
    }
  }
  if (count !== 1) return undefined;
  const raw = fields.find((f) => f.number === TENSOR_RAW_DATA);
  const data = fields.find((f) => f.number === TENSOR_FLOAT_DATA);
  const bytes = raw?.value ?? data?.value;
  if (bytes === undefined || bytes.length !== 4) return undefined;
  const value = new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0, true);
  return { name: name === undefined ? '' : text.decode(name.value), value };
}

function floatAttribute(name: string, value: number): Field {
  const f = new Uint8Array(4);
  new DataView(f.buffer).setFloat32(0, value, true);
  return bytesField(
    NODE_ATTRIBUTE,
    encodeFields([
      stringField(ATTRIBUTE_NAME, name),
      { number: ATTRIBUTE_FLOAT, wireType: 5, value: f },
      { number: ATTRIBUTE_TYPE, wireType: 0, value: Uint8Array.from(varint(FLOAT)) },
    ]),
  );
}

/** True when a Clip node's min and max attributes (opset < 11) are 0 and 6 and it has no other attribute. */
function clipBounds(clip: Node): boolean {
  const attributes = clip.fields
    .filter((f) => f.number === NODE_ATTRIBUTE)
    .map((f) => parseFields(f.value))
    .map((fields) => ({
      name: text.decode(fields.find((f) => f.number === ATTRIBUTE_NAME)?.value ?? new Uint8Array()),
      value: fields.find((f) => f.number === ATTRIBUTE_FLOAT),
    }));
  const value = (name: string) => {
    const field = attributes.find((a) => a.name === name)?.value;
    return field === undefined
      ? undefined
      : new DataView(field.value.buffer, field.value.byteOffset, 4).getFloat32(0, true);
  };
  return attributes.length === 2 && value('min') === 0 && value('max') === 6;
}

/**
 * The model with every x * Clip(x + 3, 0, 6) / 6 replaced by x * HardSigmoid(x) (alpha 1/6, beta 1/2) and its
 * affine blocks' [1]-shaped constants made scalars (see scalarOperands), and how many of each were changed. A
 * model with nothing to change comes back as it was (same bytes).
 */
export function optimizeGraph(model: Uint8Array): OptimizedGraph {
  const modelFields = parseFields(model);
  const graphIndex = modelFields.findIndex((f) => f.number === MODEL_GRAPH);
  if (graphIndex < 0) return { model, hardSwish: 0, scalars: 0, biases: 0, pointwise: 0 };
  const graphFields = parseFields(modelFields[graphIndex]!.value);
  const constants = new Map<string, number>();
  for (const field of graphFields) {
    if (field.number !== GRAPH_INITIALIZER) continue;
    const scalar = scalarOf(field.value);
    if (scalar !== undefined) constants.set(scalar.name, scalar.value);
  }
  const nodes = graphFields.filter((f) => f.number === GRAPH_NODE).map((f) => parseNode(f.value));
  for (const node of nodes) {
    // Constant nodes with a one-float value count as constants too.
    if (node.opType !== 'Constant' || node.domain !== '') continue;
    const attribute = node.fields.find((f) => f.number === NODE_ATTRIBUTE);
    const tensor = attribute && parseFields(attribute.value).find((f) => f.number === ATTRIBUTE_TENSOR);
    const scalar = tensor && scalarOf(tensor.value);
    if (scalar !== undefined) constants.set(node.outputs[0]!, scalar.value);
  }
  const consumers = new Map<string, number>();
  for (const node of nodes) for (const input of node.inputs) consumers.set(input, (consumers.get(input) ?? 0) + 1);
  const graphOutputs = new Set<string>();
  for (const field of graphFields.filter((f) => f.number === GRAPH_OUTPUT)) {
    const name = parseFields(field.value).find((f) => f.number === VALUE_INFO_NAME);
    if (name) graphOutputs.add(text.decode(name.value));
  }
  const only = (name: string, consumer: Node | undefined): consumer is Node =>
    consumer !== undefined && consumers.get(name) === 1 && !graphOutputs.has(name);
  const isConstant = (name: string | undefined, value: number) => name !== undefined && constants.get(name) === value;
  const consumerOf = (name: string): Node | undefined => nodes.find((node) => node.inputs.includes(name));
  const plain = (node: Node | undefined, op: string) => node !== undefined && node.opType === op && node.domain === '';

  const removed = new Set<Node>();
  const replaced = new Map<Node, Node>();
  let fused = 0;
  for (const add of nodes) {
    if (!plain(add, 'Add') || add.inputs.length !== 2 || add.outputs.length !== 1) continue;
    const x = isConstant(add.inputs[1], 3) ? add.inputs[0]! : isConstant(add.inputs[0], 3) ? add.inputs[1]! : null;
    if (x === null) continue;
    const shifted = add.outputs[0]!;
    const clip = consumerOf(shifted);
    if (!only(shifted, clip) || !plain(clip, 'Clip') || clip.inputs[0] !== shifted) continue;
    // Clip's bounds are inputs since opset 11, attributes before.
    const bounds = clipBounds(clip);
    if (clip.inputs.length === 3 ? !isConstant(clip.inputs[1], 0) || !isConstant(clip.inputs[2], 6) : !bounds) continue;
    const clipped = clip.outputs[0]!;
    const times = consumerOf(clipped);
    if (!only(clipped, times) || !plain(times, 'Mul') || times.inputs.length !== 2) continue;
    if (!(
      (times.inputs[0] === x && times.inputs[1] === clipped) ||
      (times.inputs[1] === x && times.inputs[0] === clipped)
    ))
      continue;
    const product = times.outputs[0]!;
    const divide = consumerOf(product);
    if (!only(product, divide) || !plain(divide, 'Div') || divide.inputs[0] !== product) continue;
    if (!isConstant(divide.inputs[1], 6)) continue;
    // x * HardSigmoid(x): the gate takes the Clip's output name, the product the Div's.
    const name = (node: Node) => node.fields.find((f) => f.number === NODE_NAME);
    const gate: Field[] = [
      stringField(NODE_INPUT, x),
      stringField(NODE_OUTPUT, clipped),
      ...(name(clip) ? [name(clip)!] : []),
      stringField(NODE_OP_TYPE, 'HardSigmoid'),
      floatAttribute('alpha', 1 / 6),
      floatAttribute('beta', 0.5),
    ];
    const swish: Field[] = [
      stringField(NODE_INPUT, x),
      stringField(NODE_INPUT, clipped),
      stringField(NODE_OUTPUT, divide.outputs[0]!),
      ...(name(times) ? [name(times)!] : []),
      stringField(NODE_OP_TYPE, 'Mul'),
    ];
    removed.add(add);
    removed.add(divide);
    replaced.set(clip, { ...clip, fields: gate });
    replaced.set(times, { ...times, fields: swish });
    fused += 1;
  }
  const scalars = scalarOperands(nodes, constants, replaced);
  const biases = channelBiases(nodes, constants);
  const pointwise = foldIntoPointwise(nodes, constants, removed, replaced);
  if (fused + scalars + biases + pointwise === 0) return { model, hardSwish: 0, scalars: 0, biases: 0, pointwise: 0 };

  // Nodes keep their places (the graph stays in topological order): the gate where the Clip was, the product where
  // the Mul was; the Add and the Div go.
  // Constant nodes that fed only the removed Add and Div nodes go too (onnxruntime would warn about each).
  const used = new Set<string>();
  for (const node of nodes) {
    if (!removed.has(node))
      for (const input of (replaced.get(node) ?? node).fields.filter((f) => f.number === NODE_INPUT))
        used.add(text.decode(input.value));
  }
  for (const node of nodes) {
    if (plain(node, 'Constant') && node.outputs.every((output) => !used.has(output) && !graphOutputs.has(output)))
      removed.add(node);
  }
  const nodeFields: Field[] = nodes
    .filter((node) => !removed.has(node))
    .map((node) => bytesField(GRAPH_NODE, encodeFields((replaced.get(node) ?? node).fields)));
  const firstNode = graphFields.findIndex((f) => f.number === GRAPH_NODE);
  const newGraph = [
    ...graphFields.slice(0, firstNode).filter((f) => f.number !== GRAPH_NODE),
    ...nodeFields,
    ...graphFields.slice(firstNode).filter((f) => f.number !== GRAPH_NODE),
  ];
  const newModel = [...modelFields];
  newModel[graphIndex] = bytesField(MODEL_GRAPH, encodeFields(newGraph));
  return { model: encodeFields(newModel), hardSwish: fused, scalars, biases, pointwise };
}

/**
 * PP-LCNetV3's learnable affine blocks multiply and add one-element constants of shape [1]. onnxruntime folds a
 * Mul or Add by a constant into the convolution before it only when the constant is a scalar or has the
 * convolution's channel shape, and only when it is the second input: [1] is neither. Turned into scalars (same
 * broadcast against the 4-D activations) and put second, the block after each convolution folds into it. Only
 * constants every consumer of which is a Mul or Add of it with a computed tensor are changed. Returns how many.
 */
function scalarOperands(nodes: Node[], constants: Map<string, number>, replaced: Map<Node, Node>): number {
  const constantNodes = new Map<string, Node>();
  for (const node of nodes)
    if (node.opType === 'Constant' && node.domain === '') constantNodes.set(node.outputs[0]!, node);
  const users = new Map<string, Node[]>();
  for (const node of nodes) for (const input of node.inputs) users.set(input, [...(users.get(input) ?? []), node]);
  let changed = 0;
  for (const [name, constant] of constantNodes) {
    if (!constants.has(name)) continue;
    const consumers = users.get(name) ?? [];
    const affine = (node: Node) =>
      (node.opType === 'Mul' || node.opType === 'Add') &&
      node.domain === '' &&
      !replaced.has(node) &&
      node.inputs.length === 2 &&
      node.inputs.filter((input) => input === name).length === 1 &&
      !constants.has(node.inputs.find((input) => input !== name)!);
    if (consumers.length === 0 || !consumers.every(affine)) continue;
    const attribute = constant.fields.find((f) => f.number === NODE_ATTRIBUTE)!;
    const attributeFields = parseFields(attribute.value);
    const tensorIndex = attributeFields.findIndex((f) => f.number === ATTRIBUTE_TENSOR);
    const tensorFields = parseFields(attributeFields[tensorIndex]!.value);
    // Shape [1] only: against a tensor of rank 1 or more it broadcasts exactly as a scalar does ([1, 1, 1, 1]
    // would lift a rank-3 tensor to rank 4).
    const dims = tensorFields.filter((f) => f.number === TENSOR_DIMS);
    if (dims.length !== 1 || dims[0]!.wireType !== 0 || readVarint(dims[0]!.value, 0).value !== 1) continue;
    attributeFields[tensorIndex] = bytesField(
      ATTRIBUTE_TENSOR,
      encodeFields(tensorFields.filter((f) => f.number !== TENSOR_DIMS)),
    );
    constant.fields = constant.fields.map((f) =>
      f === attribute ? bytesField(NODE_ATTRIBUTE, encodeFields(attributeFields)) : f,
    );
    for (const consumer of consumers) {
      if (consumer.inputs[1] === name) continue;
      // Mul and Add commute: the constant goes second.
      const inputs = consumer.fields.filter((f) => f.number === NODE_INPUT);
      const others = consumer.fields.filter((f) => f.number !== NODE_INPUT);
      consumer.fields = [inputs[1]!, inputs[0]!, ...others];
      consumer.inputs = [consumer.inputs[1]!, consumer.inputs[0]!];
    }
    changed += 1;
  }
  return changed;
}

/**
 * After scalarOperands, Conv -> Mul(scalar) -> Add(scalar): onnxruntime folds the Mul into the convolution, but its
 * Conv+Add fusion takes only a bias of shape [C, 1, 1] (one value per output channel). The Add's constant is
 * widened to that shape (the same value C times: the same sum). Returns how many.
 */
function channelBiases(nodes: Node[], constants: Map<string, number>): number {
  const byOutput = new Map<string, Node>();
  for (const node of nodes) for (const output of node.outputs) byOutput.set(output, node);
  const uses = new Map<string, number>();
  for (const node of nodes) for (const input of node.inputs) uses.set(input, (uses.get(input) ?? 0) + 1);
  const tensorOf = (constant: Node) => {
    const attribute = constant.fields.find((f) => f.number === NODE_ATTRIBUTE);
    const fields = attribute === undefined ? [] : parseFields(attribute.value);
    const tensor = fields.find((f) => f.number === ATTRIBUTE_TENSOR);
    return tensor === undefined ? undefined : { attribute: attribute!, fields, tensor: parseFields(tensor.value) };
  };
  let changed = 0;
  for (const add of nodes) {
    if (add.opType !== 'Add' || add.domain !== '' || add.inputs.length !== 2) continue;
    const [input, bias] = add.inputs as [string, string];
    const value = constants.get(bias);
    const constant = byOutput.get(bias);
    const scale = byOutput.get(input);
    if (value === undefined || constant?.opType !== 'Constant' || uses.get(bias) !== 1 || uses.get(input) !== 1)
      continue;
    if (scale?.opType !== 'Mul' || scale.domain !== '' || !constants.has(scale.inputs[1] ?? '')) continue;
    const conv = byOutput.get(scale.inputs[0]!);
    if (conv?.opType !== 'Conv' || conv.domain !== '' || uses.get(scale.inputs[0]!) !== 1) continue;
    const weight = byOutput.get(conv.inputs[1] ?? '');
    const weightTensor = weight?.opType === 'Constant' ? tensorOf(weight) : undefined;
    const firstDim = weightTensor?.tensor.find((f) => f.number === TENSOR_DIMS);
    if (firstDim === undefined || firstDim.wireType !== 0) continue;
    const channels = readVarint(firstDim.value, 0).value;
    const biasTensor = tensorOf(constant);
    if (biasTensor === undefined || biasTensor.tensor.some((f) => f.number === TENSOR_DIMS)) continue;
    const raw = new Uint8Array(4 * channels);
    const view = new DataView(raw.buffer);
    for (let c = 0; c < channels; c += 1) view.setFloat32(4 * c, value, true);
    const widened = [
      ...[channels, 1, 1].map((dim): Field => ({
        number: TENSOR_DIMS,
        wireType: 0,
        value: Uint8Array.from(varint(dim)),
      })),
      ...biasTensor.tensor.filter((f) => f.number !== TENSOR_RAW_DATA && f.number !== TENSOR_FLOAT_DATA),
      bytesField(TENSOR_RAW_DATA, raw),
    ];
    const attributeFields = biasTensor.fields.map((f) =>
      f.number === ATTRIBUTE_TENSOR ? bytesField(ATTRIBUTE_TENSOR, encodeFields(widened)) : f,
    );
    constant.fields = constant.fields.map((f) =>
      f === biasTensor.attribute ? bytesField(NODE_ATTRIBUTE, encodeFields(attributeFields)) : f,
    );
    changed += 1;
  }
  return changed;
}

/** A node's attributes by name: their integer values (i or ints, packed or not) and string value. */
function attributesOf(node: Node): Map<string, { ints: number[]; text?: string; other: boolean }> {
  const attributes = new Map<string, { ints: number[]; text?: string; other: boolean }>();
  for (const field of node.fields.filter((f) => f.number === NODE_ATTRIBUTE)) {
    const fields = parseFields(field.value);
    const name = text.decode(fields.find((f) => f.number === ATTRIBUTE_NAME)?.value ?? new Uint8Array());
    const ints: number[] = [];
    let stringValue: string | undefined;
    let other = false;
    for (const f of fields) {
      if (f.number === ATTRIBUTE_INT) ints.push(readVarint(f.value, 0).value);
      else if (f.number === ATTRIBUTE_INTS && f.wireType === 0) ints.push(readVarint(f.value, 0).value);
      else if (f.number === ATTRIBUTE_INTS) {
        for (let offset = 0; offset < f.value.length;) {
          const item = readVarint(f.value, offset);
          ints.push(item.value);
          offset = item.next;
        }
      } else if (f.number === ATTRIBUTE_STRING) stringValue = text.decode(f.value);
      else if (f.number !== ATTRIBUTE_NAME && f.number !== ATTRIBUTE_TYPE) other = true;
    }
    attributes.set(name, { ints, ...(stringValue === undefined ? {} : { text: stringValue }), other });
  }
  return attributes;
}

/** A Constant node's float32 tensor: its dims and values (raw_data only), or undefined. */
function floatTensorOf(constant: Node): { dims: number[]; values: Float32Array; fields: Field[] } | undefined {
  if (constant.opType !== 'Constant' || constant.domain !== '') return undefined;
  const attributes = constant.fields.filter((f) => f.number === NODE_ATTRIBUTE);
  if (attributes.length !== 1) return undefined;
  const tensor = parseFields(attributes[0]!.value).find((f) => f.number === ATTRIBUTE_TENSOR);
  if (tensor === undefined) return undefined;
  const fields = parseFields(tensor.value);
  const type = fields.find((f) => f.number === TENSOR_DATA_TYPE);
  const raw = fields.find((f) => f.number === TENSOR_RAW_DATA);
  if (type === undefined || readVarint(type.value, 0).value !== FLOAT || raw === undefined) return undefined;
  if (fields.some((f) => f.number === TENSOR_DIMS && f.wireType !== 0)) return undefined;
  const dims = fields.filter((f) => f.number === TENSOR_DIMS).map((f) => readVarint(f.value, 0).value);
  const values = new Float32Array(raw.value.length / 4);
  const view = new DataView(raw.value.buffer, raw.value.byteOffset, raw.value.length);
  for (let i = 0; i < values.length; i += 1) values[i] = view.getFloat32(4 * i, true);
  return { dims, values, fields };
}

/** A Constant node holding a float32 tensor, named after its output. */
function floatConstant(output: string, dims: readonly number[], values: Float32Array, template?: Field[]): Field[] {
  const raw = new Uint8Array(4 * values.length);
  const view = new DataView(raw.buffer);
  values.forEach((value, i) => view.setFloat32(4 * i, value, true));
  const kept = (template ?? []).filter(
    (f) => f.number !== TENSOR_DIMS && f.number !== TENSOR_RAW_DATA && f.number !== TENSOR_FLOAT_DATA,
  );
  const tensor = [
    ...dims.map((dim): Field => ({ number: TENSOR_DIMS, wireType: 0, value: Uint8Array.from(varint(dim)) })),
    ...(template === undefined
      ? [
          { number: TENSOR_DATA_TYPE, wireType: 0, value: Uint8Array.from(varint(FLOAT)) },
          stringField(TENSOR_NAME, output),
        ]
      : kept),
    bytesField(TENSOR_RAW_DATA, raw),
  ];
  const attribute = encodeFields([
    stringField(ATTRIBUTE_NAME, 'value'),
    bytesField(ATTRIBUTE_TENSOR, encodeFields(tensor)),
    { number: ATTRIBUTE_TYPE, wireType: 0, value: Uint8Array.from(varint(4)) },
  ]);
  return [
    stringField(NODE_OUTPUT, output),
    stringField(NODE_OP_TYPE, 'Constant'),
    bytesField(NODE_ATTRIBUTE, attribute),
  ];
}

/**
 * y = Conv1x1(s * h + b) with scalars s and b is Conv1x1 with weights s * W and bias B + b * (sum of W over the
 * input channels) applied to h: exact for a 1x1 convolution without padding (with padding the border would
 * differ, so larger kernels are left alone). Removes the Mul and the Add between PP-LCNetV3's activations and its
 * pointwise convolutions, and with them a layout change onnxruntime inserts around each. Returns how many.
 */
function foldIntoPointwise(
  nodes: Node[],
  constants: Map<string, number>,
  removed: Set<Node>,
  replaced: Map<Node, Node>,
): number {
  const byOutput = new Map<string, Node>();
  for (const node of nodes) for (const output of node.outputs) byOutput.set(output, node);
  const uses = new Map<string, number>();
  for (const node of nodes) for (const input of node.inputs) uses.set(input, (uses.get(input) ?? 0) + 1);
  const plainOp = (node: Node | undefined, op: string): node is Node =>
    node !== undefined && node.opType === op && node.domain === '' && !removed.has(node) && !replaced.has(node);
  let folded = 0;
  for (const conv of nodes) {
    if (!plainOp(conv, 'Conv') || conv.inputs.length < 2) continue;
    const shifted = conv.inputs[0]!;
    const add = byOutput.get(shifted);
    if (!plainOp(add, 'Add') || uses.get(shifted) !== 1 || add.inputs.length !== 2) continue;
    const shift = constants.get(add.inputs[1]!);
    const scaledName = add.inputs[0]!;
    const mul = byOutput.get(scaledName);
    if (shift === undefined || !plainOp(mul, 'Mul') || uses.get(scaledName) !== 1 || mul.inputs.length !== 2) continue;
    const scale = constants.get(mul.inputs[1]!);
    if (scale === undefined || constants.has(mul.inputs[0]!)) continue;
    const weightNode = byOutput.get(conv.inputs[1]!);
    const weight = weightNode && uses.get(conv.inputs[1]!) === 1 ? floatTensorOf(weightNode) : undefined;
    if (weight === undefined || weight.dims.length !== 4 || weight.dims[2] !== 1 || weight.dims[3] !== 1) continue;
    const attributes = attributesOf(conv);
    const pads = attributes.get('pads')?.ints ?? [];
    const group = attributes.get('group')?.ints[0] ?? 1;
    const autoPad = attributes.get('auto_pad')?.text ?? 'NOTSET';
    if (pads.some((pad) => pad !== 0) || group !== 1 || (autoPad !== 'NOTSET' && autoPad !== 'VALID')) continue;
    if ([...attributes.values()].some((a) => a.other)) continue;
    const biasName = conv.inputs[2];
    const biasNode = biasName === undefined ? undefined : byOutput.get(biasName);
    const bias = biasNode && uses.get(biasName!) === 1 ? floatTensorOf(biasNode) : undefined;
    if (biasName !== undefined && bias === undefined) continue;
    const [outputs, inputs] = [weight.dims[0]!, weight.dims[1]!];
    const newWeight = new Float32Array(weight.values.length);
    const newBias = new Float32Array(outputs);
    for (let o = 0; o < outputs; o += 1) {
      let sum = 0;
      for (let c = 0; c < inputs; c += 1) {
        sum += weight.values[o * inputs + c]!;
        newWeight[o * inputs + c] = weight.values[o * inputs + c]! * scale;
      }
      newBias[o] = (bias?.values[o] ?? 0) + shift * sum;
    }
    weightNode!.fields = floatConstant(conv.inputs[1]!, weight.dims, newWeight, weight.fields);
    const convInputs = conv.fields.filter((f) => f.number === NODE_INPUT);
    const convOthers = conv.fields.filter((f) => f.number !== NODE_INPUT);
    if (bias !== undefined) {
      biasNode!.fields = floatConstant(biasName!, [outputs], newBias, bias.fields);
      conv.fields = [stringField(NODE_INPUT, mul.inputs[0]!), ...convInputs.slice(1), ...convOthers];
      removed.add(mul);
    } else {
      // No bias yet: a new constant takes the Mul's place in the node order (before the convolution).
      const name = `${conv.outputs[0]!}__folded_bias`;
      replaced.set(mul, { ...mul, fields: floatConstant(name, [outputs], newBias) });
      conv.fields = [
        stringField(NODE_INPUT, mul.inputs[0]!),
        ...convInputs.slice(1, 2),
        stringField(NODE_INPUT, name),
        ...convOthers,
      ];
    }
    conv.inputs = conv.fields.filter((f) => f.number === NODE_INPUT).map((f) => text.decode(f.value));
    removed.add(add);
    folded += 1;
  }
  return folded;
}
