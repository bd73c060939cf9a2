// The one hook that converts casing (DESIGN.md §4): snake_case on the wire, camelCase in code. Request bodies and
// queries are converted before validation; responses are converted in the serializer, after the zod response
// schema has encoded the camelCase value.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { camelizeKeys, NestingTooDeepError, snakeizeKeys } from '../lib/casing.ts';
import { badRequest } from '../lib/errors.ts';

function resolveSchema(schema: unknown): $ZodType {
  if (schema && typeof schema === 'object' && 'properties' in schema)
    return (schema as { properties: $ZodType }).properties;
  return schema as $ZodType;
}

export function toWireJson(payload: unknown): string {
  return JSON.stringify(snakeizeKeys(payload));
}

const casingPlugin: FastifyPluginAsync = async (app) => {
  app.setSerializerCompiler(({ schema, method, url }) => {
    const zodSchema = resolveSchema(schema);
    return (data) => {
      const encoded = safeEncode(zodSchema, data);
      if (!encoded.success) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      return toWireJson(encoded.data);
    };
  });
  // Routes (and error replies) without a response schema for the status still go out snake_case.
  app.setReplySerializer((payload) => toWireJson(payload));

  app.addHook('preValidation', async (request) => {
    try {
      camelizeRequest(request);
    } catch (error) {
      // A body or query nested past the bound is hostile input: a 400 envelope, never a stack overflow or a 500.
      if (error instanceof NestingTooDeepError) throw badRequest(error.message, 'nesting_too_deep');
      throw error;
    }
  });
};

function camelizeRequest(request: { body: unknown; query: unknown }): void {
  if (
    request.body !== undefined &&
    request.body !== null &&
    typeof request.body === 'object' &&
    !Buffer.isBuffer(request.body)
  ) {
    request.body = camelizeKeys(request.body);
  }
  if (request.query && typeof request.query === 'object') {
    request.query = camelizeKeys(request.query);
  }
}

export default fp(casingPlugin, { name: 'casing' });
