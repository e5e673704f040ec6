/// The dashboard's Mustache templates. They are compiled into the binary rather than shipped as
/// resource files, so that `make install` copies one executable and nothing can be missing or out
/// of date beside it; swift-mustache parses them once at start-up. Values are HTML-escaped by
/// Mustache (`{{…}}`); nothing here is built by string concatenation in Swift. Every word a person
/// reads is a text of the language's table: `{{t.dashboardProfile}}` is `WebText.dashboardProfile`.
enum PageTemplates {
    static let all: [String: String] = [
        "head": head, "foot": foot, "chart": chart, "profile": profile, "progress": progress,
        "matching": matching, "history": history, "data": data, "message": message,
        "settings": settings,
    ]

    static let head = """
        <!DOCTYPE html>
        <html lang="{{lang}}"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <title>Peach – {{title}}</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:0 12px;color:#222;background:#fffaf5}
        nav{display:flex;flex-wrap:wrap;gap:4px 14px;padding:10px 0;border-bottom:1px solid #eed}
        nav a{color:#a4501a;text-decoration:none}
        #live{font-size:.9em;color:#555;padding:6px 0;min-height:1.2em}
        svg{width:100%;height:auto;display:block}
        .band{fill:#f6b98a;opacity:.5}.curve{fill:none;stroke:#c0501a;stroke-width:2}
        .dot{fill:#c0501a}.axis{stroke:#bbb;stroke-width:.5}.tick{font-size:10px;fill:#666}
        .count{fill:#8aa9c9}table{border-collapse:collapse;width:100%;font-size:.9em}
        td,th{padding:3px 6px;border-bottom:1px solid #eee;text-align:left}.error{color:#a00;white-space:pre-wrap}
        .ok{color:#264}.origin,.help,.range{font-size:.8em;color:#666}.interval{white-space:nowrap;margin-right:6px}
        th label{font-weight:normal}
        </style></head><body>
        <nav><a href="/">{{t.dashboardProfile}}</a><a href="/progress">{{t.dashboardProgress}}</a><a href="/matching">{{t.dashboardMatching}}</a>
        <a href="/history">{{t.dashboardHistory}}</a><a href="/settings">{{t.dashboardSettings}}</a><a href="/data">{{t.dashboardData}}</a></nav>
        <div id="live" data-source="/events">{{live}}</div>
        <h1>{{title}}</h1>
        {{#empty}}<p class="empty">{{t.dashboardEmpty}}</p>{{/empty}}

        """

    static let foot = """
        <script src="/live.js"></script>
        </body></html>

        """

    static let chart = """
        <svg class="chart" viewBox="0 0 {{width}} {{height}}" role="img">
        {{#ticks}}<line class="axis" x1="{{left}}" x2="{{width}}" y1="{{y}}" y2="{{y}}"/><text class="tick" x="2" y="{{y}}">{{label}}</text>{{/ticks}}
        <polygon class="band" points="{{band}}"/>
        <polyline class="curve" points="{{line}}"/>
        {{#dots}}<circle class="dot" cx="{{x}}" cy="{{y}}" r="2"><title>{{label}}: {{value}}</title></circle>{{/dots}}
        {{#columns}}<text class="tick" x="{{x}}" y="{{labelY}}" text-anchor="{{anchor}}">{{label}}</text>{{/columns}}
        </svg>

        """

    static let profile = """
        {{> head}}
        <p>{{t.dashboardProfileIntro}}</p>
        {{#modes}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#hasAnswers}}<p class="measured">{{measured}}; {{change}} ({{counted}})</p>{{/hasAnswers}}
        {{^hasAnswers}}<p>{{t.dashboardNoAnswers}}</p>{{/hasAnswers}}
        {{#chart}}{{> chart}}{{/chart}}
        {{#hasCounts}}<svg class="counts" viewBox="0 0 640 40" role="img"><title>{{t.dashboardCountsTitle}}</title>
        {{#counts}}<rect class="count" x="{{x}}" y="{{y}}" width="4" height="{{height}}"><title>{{note}}: {{count}}</title></rect>{{/counts}}
        </svg><p class="legend">{{t.dashboardCountsLegend}}</p>{{/hasCounts}}
        </section>{{/modes}}
        {{#rhythm}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#lines}}<p class="measured">{{.}}</p>{{/lines}}
        </section>{{/rhythm}}
        {{> foot}}
        """

    static let progress = """
        {{> head}}
        <p>{{t.dashboardProgressIntro}}</p>
        {{#modes}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#hasAnswers}}<p class="measured">{{measured}}; {{change}}</p>{{/hasAnswers}}
        {{^hasAnswers}}<p>{{t.dashboardNoAnswers}}</p>{{/hasAnswers}}
        {{#hasExplanation}}<p class="help">{{explanation}}</p>{{/hasExplanation}}
        {{#groups}}{{#hasHeading}}<h3>{{heading}}</h3>{{/hasHeading}}
        {{#charts}}{{#hasTitle}}<h4>{{chartTitle}}</h4>{{/hasTitle}}{{> chart}}{{/charts}}
        <table><tr><th>{{t.dashboardWhen}}</th>{{#head}}<th>{{.}}</th>{{/head}}</tr>
        {{#rows}}<tr><td>{{when}} ({{size}})</td>{{#cells}}<td>{{.}}</td>{{/cells}}</tr>{{/rows}}
        </table>{{/groups}}
        </section>{{/modes}}
        {{> foot}}
        """

    static let matching = """
        {{> head}}
        <p>{{t.dashboardMatchingIntro}}</p>
        {{#modes}}<section class="mode" id="{{mode}}"><h2>{{name}}</h2>
        {{#hasAnswers}}<p class="measured">{{measured}}; {{change}} ({{counted}})</p>{{/hasAnswers}}
        {{^hasAnswers}}<p>{{t.dashboardNoMatchAnswers}}</p>{{/hasAnswers}}
        {{#biasChart}}<h3>{{t.dashboardBiasHeading}}</h3>{{> chart}}{{/biasChart}}
        {{#spreadChart}}<h3>{{t.dashboardSpreadHeading}}</h3>{{> chart}}{{/spreadChart}}
        {{#hasRows}}<table><tr><th>{{t.dashboardWhen}}</th><th>{{t.dashboardMeanError}}</th><th>{{t.dashboardBias}}</th><th>{{t.dashboardSpread}}</th></tr>
        {{#rows}}<tr><td>{{when}}</td><td>{{meanError}}</td><td>{{bias}}</td><td>{{spread}}</td></tr>{{/rows}}
        </table>{{/hasRows}}
        </section>{{/modes}}
        {{> foot}}
        """

    static let history = """
        {{> head}}
        <form method="get" action="/history"><select name="mode">
        {{#choices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/choices}}
        </select> <button>{{t.dashboardShow}}</button></form>
        {{#hasRecords}}<table><tr><th>{{t.dashboardTime}}</th><th>{{t.dashboardMode}}</th><th>{{t.dashboardNotes}}</th><th>{{t.dashboardOffsetOrError}}</th><th>{{t.dashboardResult}}</th></tr>
        {{#records}}<tr class="answer"><td>{{time}}</td><td>{{mode}}</td><td>{{notes}}</td><td>{{cents}}</td><td>{{result}}</td></tr>{{/records}}
        </table>{{/hasRecords}}
        {{^records}}<p>{{#filtered}}{{t.dashboardNoAnswersInMode}}{{/filtered}}{{^filtered}}{{t.dashboardNoAnswersAtAll}}{{/filtered}}</p>{{/records}}
        {{> foot}}
        """

    static let data = """
        {{> head}}
        <h2>{{t.dashboardExport}}</h2><p><a href="/export.csv" download="peach-export.csv">{{t.dashboardExportLink}}</a> {{t.dashboardExportFormat}}</p>
        <h2>{{t.dashboardImport}}</h2>
        <form method="post" action="/import" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="file" name="file" accept=".csv,text/csv" required>
        <label><input type="checkbox" name="replace" value="1"> {{t.dashboardImportReplace}}</label>
        <button>{{t.dashboardImportButton}}</button></form>
        <p>{{importRule}}</p>
        <h2>{{t.dashboardConfiguration}}</h2><pre class="config">{{settings}}</pre>
        {{> foot}}
        """

    static let message = """
        {{> head}}
        {{#ok}}<p class="ok">{{text}}</p>{{/ok}}{{^ok}}<p class="error">{{text}}</p>{{/ok}}
        <p><a href="{{back}}">{{t.dashboardBack}}</a></p>
        {{> foot}}
        """

    /// The settings page: one row per setting with its control, its range or choices, where its
    /// value comes from, and the configuration template's comment for it. The form posts to
    /// `/settings`; the "play a note" button posts the same form to `/settings/test-note`.
    static let settings = """
        {{> head}}
        {{#leftOut}}<p class="error" id="left-out">{{leftOut}}</p>{{/leftOut}}
        {{#hasProblems}}<div class="error" id="problems"><p>{{t.dashboardSettingsNotSaved}}</p><ul>
        {{#problems}}<li><a href="#f-{{key}}">{{label}}</a>: {{message}}</li>{{/problems}}</ul></div>{{/hasProblems}}
        {{#hasSaved}}<div class="ok" id="saved"><p>{{t.dashboardSettingsSaved}}</p><ul>
        {{#saved}}<li>{{key}}: {{old}} → {{new}}</li>{{/saved}}</ul></div>{{/hasSaved}}
        {{#unchanged}}<p class="ok" id="unchanged">{{t.dashboardSettingsUnchanged}}</p>{{/unchanged}}
        {{#testNote}}<p class="ok" id="test-note">{{testNote}}</p>{{/testNote}}
        <p>{{t.dashboardSettingsIntro}}</p>
        {{^boxListed}}<p>{{t.dashboardSettingsNoList}}</p>{{/boxListed}}
        <form method="post" action="/settings" id="settings">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="training.intervals.sent" value="1">
        <input type="hidden" name="controllers.assign.sent" value="1">
        <table class="settings">
        {{#fields}}<tr id="f-{{key}}"><th><label for="{{key}}">{{label}}</label></th><td>
        {{#isNumber}}<input type="number" id="{{key}}" name="{{key}}" value="{{value}}" min="{{min}}" max="{{max}}" step="{{step}}"> <span class="range">{{range}}</span>{{/isNumber}}
        {{#isChoice}}<select id="{{key}}" name="{{key}}">{{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/options}}</select>{{/isChoice}}
        {{#isNoteRange}}<select id="{{key}}" name="training.note-range.lowest">{{#lowest}}<option{{#selected}} selected{{/selected}}>{{value}}</option>{{/lowest}}</select> –
        <select name="training.note-range.highest">{{#highest}}<option{{#selected}} selected{{/selected}}>{{value}}</option>{{/highest}}</select>{{/isNoteRange}}
        {{#isIntervals}}{{#intervals}}<label class="interval"><input type="checkbox" name="training.intervals" value="{{value}}"{{#checked}} checked{{/checked}}> {{value}}</label> {{/intervals}}{{/isIntervals}}
        {{#isSound}}{{#noSoundFonts}}<span class="help">{{t.dashboardSettingsNoSoundFonts}}</span>{{/noSoundFonts}}{{^noSoundFonts}}<select id="sound" name="sound">
        {{#soundFonts}}<optgroup label="{{path}}">{{#presets}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/presets}}</optgroup>{{/soundFonts}}
        </select>{{/noSoundFonts}}{{/isSound}}
        {{#isAudioOutput}}<select id="audio.device" name="audio.device">{{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/options}}</select>
        <button type="submit" formaction="/settings/test-note" id="test-note-button">{{t.dashboardTestNote}}</button>{{/isAudioOutput}}
        {{#isAssignments}}{{#rows}}<div><input type="text" name="controllers.assign.{{row}}.match" value="{{match}}" placeholder="Keystation*" aria-label="{{t.dashboardSettingPattern}}">
        <select name="controllers.assign.{{row}}.mapping" aria-label="{{t.dashboardSettingMapping}}">{{#mappings}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/mappings}}</select></div>{{/rows}}{{/isAssignments}}
        <div class="origin">{{origin}}</div>{{#help}}<div class="help">{{help}}</div>{{/help}}
        </td></tr>
        {{/fields}}
        </table>
        <p><button type="submit" id="save">{{t.dashboardSettingsSave}}</button></p>
        </form>
        {{> foot}}
        """
}
