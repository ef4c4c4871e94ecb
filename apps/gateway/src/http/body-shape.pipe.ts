import {
  type ArgumentMetadata,
  BadRequestException,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import { ErrorCodes } from '@examprep/contracts';
import { REQUEST_MESSAGES } from './json-body';

/** Types a `@Body()` may be declared with that are not a DTO class. */
const NOT_A_DTO: ReadonlySet<unknown> = new Set([String, Number, Boolean, Array, Object]);

/**
 * A whole body declared as a DTO class must be a JSON object. Nest's ValidationPipe
 * validates `null` (or no body) as `{}`, and an array or a plain value as an empty instance,
 * so a DTO whose fields are all optional let them through (`null` to POST /api/create-user
 * answered 201). Global, before the validation pipe: every body route, 400 BODY_NOT_OBJECT.
 */
@Injectable()
export class BodyShapePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (
      metadata.type === 'body' &&
      metadata.data === undefined &&
      typeof metadata.metatype === 'function' &&
      !NOT_A_DTO.has(metadata.metatype) &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw new BadRequestException({
        message: REQUEST_MESSAGES.notObject,
        code: ErrorCodes.BODY_NOT_OBJECT,
      });
    }
    return value;
  }
}
