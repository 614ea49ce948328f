/** The request body went over the limit (API Gateway and Lambda refuse large payloads too). */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads a whole body, stopping as soon as it (or its declared length) passes maxBytes. */
export const readBody = async (
  stream: AsyncIterable<Buffer>,
  maxBytes: number,
  declaredLength?: string,
): Promise<Buffer> => {
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes)
    throw new BodyTooLargeError(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};
