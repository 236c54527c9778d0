import { Cloud, Folder, Globe, HardDrive, Server } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardRadioGroup, type CardRadioOption } from '../card-radio-group/card-radio-group.tsx';
import { NumberInput } from '../number-input/number-input.tsx';
import { AspectRatioLock } from '../ratio-lock/aspect-ratio-lock.tsx';
import { Switch } from '../switch/switch.tsx';
import { SwitchGroup } from '../switch/switch-group.tsx';
import { VerticalSwitch } from '../switch/vertical-switch.tsx';
import { Example, GallerySection } from './gallery-section.tsx';

export function NumberInputDemos() {
  const [plain, setPlain] = useState(100);
  const [width, setWidth] = useState(1200);
  const [quality, setQuality] = useState(75);
  const [ratio, setRatio] = useState(1.5);
  const [rotation, setRotation] = useState(0);
  return (
    <GallerySection
      title="Number input"
      note="Commits on blur or Enter; empty resets; over the maximum is refused; arrows step."
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <NumberInput label="No rules (max 999)" value={plain} onChange={setPlain} />
        <NumberInput
          label="Width, 5 digits, 1 to 9999"
          value={width}
          onChange={setWidth}
          range={[1, 9999]}
          digitLength={5}
          suffix="px"
        />
        <NumberInput
          label="Quality, 10 to 100, step 5"
          value={quality}
          onChange={setQuality}
          range={[10, 100]}
          step={5}
        />
        <NumberInput
          label="Ratio, decimals, 3 digits"
          value={ratio}
          onChange={setRatio}
          decimals
          digitLength={3}
          step={0.1}
        />
        <NumberInput
          label="Rotation, -359 to 359"
          value={rotation}
          onChange={setRotation}
          range={[-359, 359]}
          suffix="°"
        />
        <NumberInput label="Disabled" value={42} onChange={() => {}} disabled />
      </div>
    </GallerySection>
  );
}

export function SwitchDemos() {
  const [on, setOn] = useState(true);
  const [off, setOff] = useState(false);
  const [removal, setRemoval] = useState(false);
  const [searchParams] = useSearchParams();
  return (
    <GallerySection title="Switches" note="The switch group writes the `auto` query parameter.">
      <div className="grid gap-6 sm:grid-cols-3">
        <Example label="Switch">
          <div className="flex flex-col gap-3">
            <Switch label="On" checked={on} onCheckedChange={setOn} />
            <Switch label="Off" checked={off} onCheckedChange={setOff} />
            <Switch label="Disabled on" checked onCheckedChange={() => {}} disabled />
            <Switch label="Disabled off" checked={false} onCheckedChange={() => {}} disabled />
          </div>
        </Example>
        <Example label="Vertical switch">
          <VerticalSwitch
            label="Remove background"
            legend="Cuts the subject out of the picture."
            tooltip="A premium transformation: 2 credits per image."
            premium
            checked={removal}
            onCheckedChange={setRemoval}
          />
        </Example>
        <Example label="Switch group">
          <SwitchGroup
            legend="Automatic"
            param="auto"
            options={[
              { label: 'Format', value: 'format' },
              { label: 'Compress', value: 'compress' },
              { label: 'Enhance', value: 'enhance' },
              { label: 'Red eye', value: 'redeye' },
            ]}
          />
          <p className="text-xs text-zinc-500">
            auto = <code className="text-zinc-800">{searchParams.get('auto') ?? '(absent)'}</code>
          </p>
        </Example>
      </div>
    </GallerySection>
  );
}

const sourceTypes: CardRadioOption[] = [
  { label: 'Amazon S3', value: 's3', icon: Cloud },
  { label: 'Google Cloud', value: 'gcs', icon: Server },
  { label: 'Web Folder', value: 'webfolder', icon: Folder, tooltip: 'Any public web server.' },
  { label: 'Web Proxy', value: 'webproxy', icon: Globe, tooltip: 'Full URLs as paths.' },
  { label: 'Azure', value: 'azure', icon: HardDrive, disabled: true },
];

export function ChoiceDemos() {
  const [withProxy, setWithProxy] = useState<string | null>('webproxy');
  const [withoutProxy, setWithoutProxy] = useState<string | null>(null);
  const [locked, setLocked] = useState(true);
  return (
    <GallerySection title="Card radio group and ratio lock">
      <div className="flex flex-col gap-6">
        <CardRadioGroup
          label="Source type (with webproxy access)"
          options={sourceTypes}
          value={withProxy}
          onChange={setWithProxy}
          webproxyAccess
        />
        <CardRadioGroup
          label="Source type (without webproxy access)"
          options={sourceTypes}
          value={withoutProxy}
          onChange={setWithoutProxy}
          webproxyAccess={false}
        />
        <Example label="Aspect-ratio lock">
          <div className="flex items-center gap-3">
            <AspectRatioLock locked={locked} onLockedChange={setLocked} />
            <span className="text-sm text-zinc-600">{locked ? 'Locked' : 'Unlocked'}</span>
            <AspectRatioLock
              locked={false}
              onLockedChange={() => {}}
              disabled
              label="Disabled lock"
            />
          </div>
        </Example>
      </div>
    </GallerySection>
  );
}
