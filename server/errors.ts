// The error shapes of spec point 8, produced in one place so every route answers alike.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { MSG } from '../domain/messages';
import type { ErrorBody } from '../domain/api';

export class HttpError extends Error {
  constructor(readonly statusCode: number, readonly body: ErrorBody) {
    super(body.message ?? body.messages?.[0] ?? body.error);
  }
}

export const badRequest = (...messages: string[]) =>
  new HttpError(400, { status: 'error', error: 'validation', messages });
export const unauthorized = () =>
  new HttpError(401, { status: 'error', error: 'unauthorized', message: MSG.unauthorized });
export const forbidden = (message: string = MSG.forbidden) =>
  new HttpError(403, { status: 'error', error: 'forbidden', message });
export const notFound = (message: string = MSG.notFound) =>
  new HttpError(404, { status: 'error', error: 'not_found', message });
export const conflict = (message: string, text: string, id: number) =>
  new HttpError(409, { status: 'error', error: 'conflict', message, info: { text, id } });
export const tooManyRequests = (message: string) =>
  new HttpError(429, { status: 'error', error: 'too_many_requests', messages: [message] });

/** Russian texts for the framework's own 4xx answers (malformed JSON, wrong content type, too large…). */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'Некорректный запрос',
  404: MSG.notFound,
  405: 'Метод не поддерживается',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат запроса',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ValidationError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (error instanceof ValidationError) {
      return reply.status(400).send({ status: 'error', error: 'validation', messages: error.errors.length ? error.errors : [MSG.validationFallback] });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ status: 'error', error: 'validation', messages: [MSG.validationFallback] });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        status: 'error',
        error: fastifyError.code ?? 'bad_request',
        messages: [FRAMEWORK_MESSAGES[status] ?? FRAMEWORK_MESSAGES[400]],
      });
    }
    request.log.error(error);
    return reply.status(500).send({ status: 'error', error: 'internal', message: MSG.serverError });
  });
}
