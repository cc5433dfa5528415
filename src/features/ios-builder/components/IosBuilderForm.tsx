import { useState, type FormEvent } from 'react';
import {
  deriveIosBundleId,
  hasExtension,
  IOS_BUILDER_MESSAGES,
  IOS_BUILDER_LIMITS,
  IOS_BUNDLE_ID_PATTERN,
  IOS_CERTIFICATE_EXTENSION,
  IOS_PROFILE_EXTENSION,
} from '../../../shared/contracts/ios-builder';
import { Button } from '../../../ui/Button';
import { FileField } from '../../../ui/FileField';
import { TextField } from '../../../ui/TextField';
import type { IosBuildInput } from '../api/ios-builder';

export const IOS_FORM_TEXT = {
  profile: 'Provision Profile',
  certificate: 'Signing Certificate',
  password: 'Certificate Password',
  bundleId: 'Bundle Id',
  start: 'Start',
  form: 'iOS gateway client signing material',
} as const;

/** The identifier shown under Bundle Id: the typed part in place, or the pattern while empty (§2). */
export function bundleIdPreview(bundleId: string): string {
  return deriveIosBundleId(bundleId.trim() === '' ? '{bundleId}' : bundleId);
}

interface FormErrors {
  form?: string;
  provisionProfile?: string;
  signingCertificate?: string;
  bundleId?: string;
}

export interface IosBuilderFormProps {
  onSubmit: (input: IosBuildInput) => void;
  isSubmitting: boolean;
}

/** Provision Profile, Signing Certificate, Certificate Password and Bundle Id, checked as §5 says before Start. */
export function IosBuilderForm({ onSubmit, isSubmitting }: IosBuilderFormProps) {
  const [profile, setProfile] = useState<File | null>(null);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [bundleId, setBundleId] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  function chooseFile(file: File, extension: string, typeMessage: string, field: 'provisionProfile' | 'signingCertificate', set: (file: File | null) => void) {
    const problem = !hasExtension(file.name, extension) ? typeMessage : file.size > IOS_BUILDER_LIMITS.fileBytes ? IOS_BUILDER_MESSAGES.fileTooLarge(IOS_BUILDER_LIMITS.fileBytes) : undefined;
    set(problem ? null : file);
    setErrors((current) => ({ ...current, [field]: problem, form: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!profile || !certificate || password === '' || bundleId.trim() === '') {
      setErrors((current) => ({ ...current, form: IOS_BUILDER_MESSAGES.allRequired }));
      return;
    }
    if (!IOS_BUNDLE_ID_PATTERN.test(bundleId.trim())) {
      setErrors((current) => ({ ...current, bundleId: IOS_BUILDER_MESSAGES.bundleIdPattern }));
      return;
    }
    setErrors({});
    onSubmit({ provisionProfile: profile, signingCertificate: certificate, password, bundleId: bundleId.trim() });
  }

  return (
    <form className="ios-builder__form" aria-label={IOS_FORM_TEXT.form} onSubmit={submit} noValidate>
      <FileField
        label={IOS_FORM_TEXT.profile}
        accept={[IOS_PROFILE_EXTENSION]}
        fileName={profile?.name ?? null}
        onFile={(file) => chooseFile(file, IOS_PROFILE_EXTENSION, IOS_BUILDER_MESSAGES.profileType, 'provisionProfile', setProfile)}
        errorMessage={errors.provisionProfile}
        isDisabled={isSubmitting}
      />
      <FileField
        label={IOS_FORM_TEXT.certificate}
        accept={[IOS_CERTIFICATE_EXTENSION]}
        fileName={certificate?.name ?? null}
        onFile={(file) => chooseFile(file, IOS_CERTIFICATE_EXTENSION, IOS_BUILDER_MESSAGES.certificateType, 'signingCertificate', setCertificate)}
        errorMessage={errors.signingCertificate}
        isDisabled={isSubmitting}
      />
      <TextField label={IOS_FORM_TEXT.password} type="password" autoComplete="off" value={password} onChange={setPassword} isDisabled={isSubmitting} maxLength={IOS_BUILDER_LIMITS.password} />
      <TextField
        label={IOS_FORM_TEXT.bundleId}
        value={bundleId}
        onChange={(value) => {
          setBundleId(value);
          setErrors((current) => ({ ...current, bundleId: undefined }));
        }}
        description={bundleIdPreview(bundleId)}
        errorMessage={errors.bundleId}
        isDisabled={isSubmitting}
        maxLength={IOS_BUILDER_LIMITS.bundleId}
      />
      {errors.form && (
        <p className="ios-builder__error" role="alert">
          {errors.form}
        </p>
      )}
      <Button type="submit" variant="primary" isDisabled={isSubmitting}>
        {IOS_FORM_TEXT.start}
      </Button>
    </form>
  );
}
