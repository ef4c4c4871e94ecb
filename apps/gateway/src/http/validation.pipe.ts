import { type ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { ErrorCodes } from '@examprep/contracts';
import { fieldsMessage, inheritedNameFields, validationErrorsToFields } from '@examprep/nest-kit';

function badRequest(fields: Record<string, string[]>): BadRequestException {
  return new BadRequestException({
    message: fieldsMessage(fields),
    code: ErrorCodes.VALIDATION_FAILED,
    fields,
  });
}

/**
 * class-transformer drops fields named like Object.prototype's members ('toString',
 * 'constructor') without a word, so the whitelist never sees them: refused here as unknown.
 */
class GatewayValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const inherited = inheritedNameFields(value);
      if (Object.keys(inherited).length > 0) throw badRequest(inherited);
    }
    return super.transform(value, metadata);
  }
}

/** Whitelist, forbid unknown fields, transform; 400 names every bad field. */
export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => badRequest(validationErrorsToFields(errors)),
  });
}
