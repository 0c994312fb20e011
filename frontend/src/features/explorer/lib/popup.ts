import type { StationDetails } from '../api/stationsAt';
import { stationPath } from './stationLink';

export interface PopupLabels {
  identifier: string;
  organization: string;
  lastSample: string;
  samples: string;
  /** The fact said of a station with logger series: how many. */
  loggerSeries?: string;
  open: string;
  selected: string;
  /** Among several stations (the same site may be in two organizations): a station by its name and organization,
   * and the names of its link and selection box for screen readers. */
  stationOf: (name: string, organization: string) => string;
  openStation: (station: string) => string;
  selectStation: (station: string) => string;
  none: string;
}

export interface PopupOptions {
  /** Organization names by id: a station's organization shows by its name (its id where none is known). */
  organizationNames?: Map<string, string>;
  /** Said above the stations, e.g. how many share the spot. */
  heading?: string;
  /** When pinned by a click: a checkbox per station that selects it. */
  selection?: { isSelected: (station: StationDetails) => boolean; onToggle: (station: StationDetails) => void };
  /** With it, a plain click on a station's link opens the page through it (the router, which can carry the
   * explorer's address along); a click with a modifier (new tab) is the browser's. */
  onOpen?: (id: string) => void;
}

/** The hash address of a station's page. */
export function stationHref(id: string): string {
  return `#${stationPath(id)}`;
}

/** One station's part of a popup: its name, facts, link and (pinned) selection box. */
function stationPart(station: StationDetails, labels: PopupLabels, options: PopupOptions, among: boolean): HTMLElement[] {
  const name = station.name || station.identifier;
  const title = document.createElement('strong');
  title.className = 'station-popup-name';
  title.textContent = name;

  const facts = document.createElement('dl');
  const fact = (label: string, value: string) => {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    facts.append(dt, dd);
  };
  fact(labels.identifier, station.identifier || labels.none);
  const organization = options.organizationNames?.get(station.organizationId) ?? (station.organizationId || labels.none);
  fact(labels.organization, organization);
  fact(labels.lastSample, station.lastDate || labels.none);
  fact(labels.samples, station.sampleCount.toLocaleString());
  if (station.loggerSeries && labels.loggerSeries) fact(labels.loggerSeries, station.loggerSeries.toLocaleString());

  const link = document.createElement('a');
  link.href = stationHref(station.id);
  link.textContent = labels.open;
  const { onOpen, selection } = options;
  if (onOpen) {
    link.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onOpen(station.id);
    });
  }
  const who = labels.stationOf(name, organization);
  if (among) link.setAttribute('aria-label', labels.openStation(who));
  const parts: HTMLElement[] = [title, facts, link];

  if (selection) {
    const label = document.createElement('label');
    label.className = 'station-popup-select';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = selection.isSelected(station);
    box.addEventListener('change', () => selection.onToggle(station));
    if (among) box.setAttribute('aria-label', labels.selectStation(who));
    label.append(box, ` ${labels.selected}`);
    parts.push(label);
  }
  return parts;
}

/**
 * A popup on the map: a station's name, identifier, organization, last sample date, number of samples, a link
 * to its page and (when pinned by a click) a checkbox that selects it; several stations at one spot (one dot
 * on the map) as a list of these under a heading. Built as DOM, not React: the map owns the popup's node.
 */
export function stationPopup(stations: StationDetails[], labels: PopupLabels, options: PopupOptions = {}): HTMLElement {
  const root = document.createElement('div');
  root.className = 'station-popup';
  if (options.heading) {
    const heading = document.createElement('p');
    heading.className = 'station-popup-heading';
    heading.textContent = options.heading;
    root.appendChild(heading);
  }
  if (stations.length === 1) {
    root.append(...stationPart(stations[0], labels, options, false));
    return root;
  }
  const list = document.createElement('ul');
  list.className = 'station-popup-list';
  for (const station of stations) {
    const item = document.createElement('li');
    item.append(...stationPart(station, labels, options, true));
    list.appendChild(item);
  }
  root.appendChild(list);
  return root;
}
