import { Crop, Image } from 'lucide-react';
import { useState } from 'react';
import { Combobox } from '../select/combobox.tsx';
import type { ListItem } from '../select/listbox.utils.ts';
import { Select } from '../select/select.tsx';
import type { Option } from '../select/virtual-listbox.tsx';
import { GallerySection } from './gallery-section.tsx';

const formats: ListItem[] = ['avif', 'gif', 'jpg', 'pjpg', 'png', 'png8', 'png32', 'webp'].map(
  (label) => ({ label }),
);
const ratios: ListItem[] = [
  { label: 'Original Ratio' },
  { label: '1:1' },
  { label: '3:2' },
  { label: '4:3' },
  { label: '16:9' },
  { label: '9:16', disabled: true },
  { label: 'Custom' },
];

const thousand: Option[] = Array.from({ length: 1000 }, (_, i) => ({
  value: `source-${i + 1}`,
  label: `Source ${i + 1}`,
  disabled: i % 97 === 5,
}));

export function DarkSelectDemos() {
  const [format, setFormat] = useState<string | null>('webp');
  const [ratio, setRatio] = useState<string | null>(null);
  return (
    <GallerySection
      dark
      title="Dark select"
      note="The select's dark tone. Options without a value compare by label; Escape or a click outside closes it; arrows, Home/End and typing move."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          tone="dark"
          label="Output format"
          icon={Image}
          options={formats}
          value={format}
          onChange={(label) => setFormat(label)}
        />
        <Select
          tone="dark"
          label="Aspect ratio (one item disabled)"
          icon={Crop}
          options={ratios}
          value={ratio}
          onChange={(label) => setRatio(label)}
        />
        <Select
          tone="dark"
          label="Disabled"
          options={formats}
          value="jpg"
          onChange={() => {}}
          disabled
        />
      </div>
    </GallerySection>
  );
}

export function ListDemos() {
  const [dropdown, setDropdown] = useState<string | null>(null);
  const [combobox, setCombobox] = useState<string | null>('source-42');
  return (
    <GallerySection
      title="Dropdown and combobox"
      note="The select and the search combobox over 1,000 rows, virtualised (40 px rows, overscan 12); every 97th row is disabled."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label="Dropdown"
          options={thousand}
          value={dropdown}
          onChange={(value) => setDropdown(value)}
        />
        <Combobox
          label="Combobox"
          options={thousand}
          value={combobox}
          onChange={(value) => setCombobox(value)}
        />
        <Select
          label="Disabled dropdown"
          options={thousand}
          value="source-1"
          onChange={() => {}}
          disabled
        />
      </div>
    </GallerySection>
  );
}
