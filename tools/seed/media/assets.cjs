// The download products' files (learner spec §2 design downloads, §9 catalogue), made by code:
// 3D packs (OBJ models with their MTL materials and PNG textures), Android packs (vector
// drawables, a layout, a README) and the one-page medication-dosage conversion chart (pdf-lib).
// Deterministic: fixed ZIP dates, fixed PDF dates and ids.
'use strict';

const { writeZip } = require('./zip.cjs');
const { texturePng } = require('./images.cjs');

/** A cube OBJ (8 vertices, UVs, 6 quads) using material `name`. */
function cubeObj(name, size = 1) {
  const s = size / 2;
  const v = [
    [-s, -s, -s],
    [s, -s, -s],
    [s, s, -s],
    [-s, s, -s],
    [-s, -s, s],
    [s, -s, s],
    [s, s, s],
    [-s, s, s],
  ];
  const faces = [
    [1, 2, 3, 4],
    [5, 8, 7, 6],
    [1, 5, 6, 2],
    [2, 6, 7, 3],
    [3, 7, 8, 4],
    [5, 1, 4, 8],
  ];
  return [
    `# ${name} cube, ${size} unit(s), made by the ExamPrep seed`,
    `mtllib ${name}.mtl`,
    `o ${name}`,
    ...v.map((p) => `v ${p.map((x) => x.toFixed(4)).join(' ')}`),
    'vt 0 0',
    'vt 1 0',
    'vt 1 1',
    'vt 0 1',
    `usemtl ${name}`,
    ...faces.map((f) => `f ${f.map((i, k) => `${i}/${k + 1}`).join(' ')}`),
    '',
  ].join('\n');
}

/** A square pyramid OBJ. */
function pyramidObj(name, size = 1) {
  const s = size / 2;
  return [
    `# ${name} pyramid, made by the ExamPrep seed`,
    `mtllib ${name}.mtl`,
    `o ${name}`,
    `v ${-s} 0 ${-s}`,
    `v ${s} 0 ${-s}`,
    `v ${s} 0 ${s}`,
    `v ${-s} 0 ${s}`,
    `v 0 ${size} 0`,
    'vt 0 0',
    'vt 1 0',
    'vt 0.5 1',
    `usemtl ${name}`,
    'f 1/1 2/2 3/2 4/1',
    'f 1/1 5/3 2/2',
    'f 2/1 5/3 3/2',
    'f 3/1 5/3 4/2',
    'f 4/1 5/3 1/2',
    '',
  ].join('\n');
}

function mtl(name, texture, kd) {
  return [
    `# material of ${name}`,
    `newmtl ${name}`,
    'Ka 1.000 1.000 1.000',
    `Kd ${kd}`,
    'Ks 0.200 0.200 0.200',
    'Ns 32',
    `map_Kd ${texture}`,
    '',
  ].join('\n');
}

function readme(title, lines) {
  return [
    `${title}`,
    '='.repeat(title.length),
    '',
    ...lines,
    '',
    'Made by the ExamPrep seed (tools/seed/media).',
    '',
  ].join('\n');
}

function threeDPack(premium) {
  const entries = [
    {
      name: 'README.txt',
      data: readme(premium ? 'Premium 3D assets' : 'Free 3D assets', [
        'Wavefront OBJ models with MTL materials and PNG textures.',
        'Open a .obj file in Blender (File > Import > Wavefront) or any 3D viewer.',
      ]),
    },
    { name: 'models/cube.obj', data: cubeObj('cube') },
    {
      name: 'models/cube.mtl',
      data: mtl('cube', '../textures/checker-blue.png', '0.043 0.431 0.600'),
    },
    { name: 'textures/checker-blue.png', data: texturePng(128, '#0b6e99', '#eef4f8') },
  ];
  if (premium) {
    entries.push(
      { name: 'models/pyramid.obj', data: pyramidObj('pyramid') },
      {
        name: 'models/pyramid.mtl',
        data: mtl('pyramid', '../textures/checker-green.png', '0.118 0.482 0.204'),
      },
      { name: 'models/pill.obj', data: cubeObj('pill', 0.5) },
      {
        name: 'models/pill.mtl',
        data: mtl('pill', '../textures/checker-green.png', '0.900 0.900 0.900'),
      },
      { name: 'textures/checker-green.png', data: texturePng(256, '#1e7b34', '#f4faf5') },
    );
  }
  return writeZip(entries);
}

function vectorDrawable(pathData, color) {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<vector xmlns:android="http://schemas.android.com/apk/res/android"',
    '    android:width="24dp"',
    '    android:height="24dp"',
    '    android:viewportWidth="24"',
    '    android:viewportHeight="24">',
    `    <path android:fillColor="${color}" android:pathData="${pathData}" />`,
    '</vector>',
    '',
  ].join('\n');
}

const ICONS = {
  ic_pill: 'M4.2,12.8l8.6,-8.6a4.2,4.2 0,0 1,6 6l-8.6,8.6a4.2,4.2 0,0 1,-6 -6zM8.5,8.5l7,7',
  ic_syringe:
    'M19,3l2,2 -2,2 -1,-1 -3,3 3,3 -1.4,1.4 -1,-1 -7,7H5v-3.6l7,-7 -1,-1L12.4,6.4l3,3 3,-3 -1,-1z',
  ic_check: 'M9,16.2L4.8,12l-1.4,1.4L9,19 21,7l-1.4,-1.4z',
  ic_timer: 'M15,1H9v2h6V1zM12,4a9,9 0,1 0,0.01 0zM13,13V8h-2v6h5v-1z',
};

function layoutXml(premium) {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"',
    '    android:layout_width="match_parent"',
    '    android:layout_height="wrap_content"',
    '    android:orientation="horizontal"',
    '    android:padding="16dp">',
    '    <ImageView',
    '        android:layout_width="24dp"',
    '        android:layout_height="24dp"',
    '        android:contentDescription="@null"',
    '        android:src="@drawable/ic_pill" />',
    '    <TextView',
    '        android:id="@+id/dose"',
    '        android:layout_width="0dp"',
    '        android:layout_height="wrap_content"',
    '        android:layout_marginStart="12dp"',
    '        android:layout_weight="1"',
    `        android:text="${premium ? '500 mg every 8 hours' : '500 mg'}"`,
    '        android:textSize="16sp" />',
    '</LinearLayout>',
    '',
  ].join('\n');
}

function androidPack(premium) {
  const icons = premium ? Object.keys(ICONS) : ['ic_pill', 'ic_check'];
  const entries = [
    {
      name: 'README.md',
      data: readme(premium ? 'Premium Android stuff' : 'Free Android stuff', [
        'Vector drawables (res/drawable) and a list-item layout (res/layout).',
        'Copy the res/ folder into your app module; the icons are 24 dp and tint with android:tint.',
      ]),
    },
    ...icons.map((k) => ({
      name: `res/drawable/${k}.xml`,
      data: vectorDrawable(ICONS[k], '#FF0B6E99'),
    })),
    { name: 'res/layout/item_dose.xml', data: layoutXml(premium) },
  ];
  if (premium) {
    entries.push({
      name: 'res/values/colors.xml',
      data: [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<resources>',
        '    <color name="examprep_accent">#FF0B6E99</color>',
        '    <color name="examprep_answer">#FF1E7B34</color>',
        '    <color name="examprep_ink">#FF1B2A3A</color>',
        '</resources>',
        '',
      ].join('\n'),
    });
  }
  return writeZip(entries);
}

/** Rows of the conversion chart: [from, to, how]. */
const CONVERSIONS = [
  ['1 g', '1,000 mg', 'mg to g: divide by 1,000'],
  ['1 mg', '1,000 mcg', 'mcg to mg: divide by 1,000'],
  ['1 kg', '1,000 g', 'g to kg: divide by 1,000'],
  ['1 L', '1,000 mL', 'mL to L: divide by 1,000'],
  ['1 kg', '2.2 lb', 'lb to kg: divide by 2.2'],
  ['1 in', '2.54 cm', 'cm to in: divide by 2.54'],
  ['1 tsp', '5 mL', 'household teaspoon'],
  ['1 tbsp', '15 mL', '3 tsp'],
  ['1 fl oz', '30 mL', '2 tbsp'],
  ['1 cup', '240 mL', '8 fl oz'],
  ['1 h', '60 min', 'IV rates: mL/h = mL/min × 60'],
  ['1 gr (grain)', '60 mg', 'apothecary; some references use 64.8 mg'],
];

const FORMULAS = [
  'Dose to give = (Desired ÷ Have) × Quantity',
  'IV rate (mL/h) = Volume (mL) ÷ Time (h)',
  'Drip rate (gtt/min) = Volume (mL) × Drop factor (gtt/mL) ÷ Time (min)',
  'Weight-based dose = Dose per kg × Weight (kg)',
];

/** The one-page conversion chart (US Letter), Helvetica, fixed dates. */
async function conversionChartPdf() {
  const { PDFDocument, StandardFonts, rgb } = require('pdf-lib');
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setTitle('Medication Dosage Conversions');
  doc.setAuthor('ExamPrep');
  doc.setSubject('Conversion chart for medication-dosage math');
  doc.setProducer('ExamPrep seed (pdf-lib)');
  doc.setCreator('tools/seed/media/assets.cjs');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const page = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.106, 0.165, 0.227);
  const accent = rgb(0.043, 0.431, 0.6);
  const muted = rgb(0.322, 0.376, 0.427);
  // Helvetica (WinAnsi) has no ÷ or × glyphs in every viewer's fallback: spell them out
  const ascii = (s) => s.replace(/÷/g, '/').replace(/×/g, 'x');
  page.drawText('Medication Dosage Conversions', {
    x: 54,
    y: 730,
    size: 24,
    font: bold,
    color: accent,
  });
  page.drawText(
    'Keep this chart beside you while you practise. Equivalents used on nursing exams.',
    {
      x: 54,
      y: 706,
      size: 11,
      font: regular,
      color: muted,
    },
  );
  let y = 668;
  page.drawRectangle({ x: 54, y: y - 6, width: 504, height: 22, color: rgb(0.933, 0.957, 0.973) });
  page.drawText('Unit', { x: 62, y, size: 12, font: bold, color: ink });
  page.drawText('Equals', { x: 180, y, size: 12, font: bold, color: ink });
  page.drawText('How to convert', { x: 300, y, size: 12, font: bold, color: ink });
  y -= 26;
  for (const [from, to, how] of CONVERSIONS) {
    page.drawText(from, { x: 62, y, size: 12, font: regular, color: ink });
    page.drawText(to, { x: 180, y, size: 12, font: bold, color: ink });
    page.drawText(ascii(how), { x: 300, y, size: 11, font: regular, color: muted });
    page.drawLine({
      start: { x: 54, y: y - 8 },
      end: { x: 558, y: y - 8 },
      thickness: 0.5,
      color: rgb(0.79, 0.83, 0.87),
    });
    y -= 26;
  }
  y -= 16;
  page.drawText('Formulas', { x: 54, y, size: 16, font: bold, color: accent });
  y -= 24;
  for (const f of FORMULAS) {
    page.drawText(ascii(f), { x: 62, y, size: 12, font: regular, color: ink });
    y -= 20;
  }
  y -= 10;
  page.drawText(
    'Round only at the end. Tablets: to the nearest half tablet; drops: to a whole drop.',
    {
      x: 54,
      y,
      size: 10,
      font: regular,
      color: muted,
    },
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every download file: [{ path, body, contentType }]. */
async function buildDownloads() {
  return [
    {
      path: 'Downloads/free-3d-assets.zip',
      body: threeDPack(false),
      contentType: 'application/zip',
    },
    {
      path: 'Downloads/premium-3d-assets.zip',
      body: threeDPack(true),
      contentType: 'application/zip',
    },
    {
      path: 'Downloads/free-android-stuff.zip',
      body: androidPack(false),
      contentType: 'application/zip',
    },
    {
      path: 'Downloads/premium-android-stuff.zip',
      body: androidPack(true),
      contentType: 'application/zip',
    },
    {
      path: 'Downloads/med-dosage-conversions.pdf',
      body: await conversionChartPdf(),
      contentType: 'application/pdf',
    },
  ];
}

module.exports = { buildDownloads, conversionChartPdf, CONVERSIONS };
