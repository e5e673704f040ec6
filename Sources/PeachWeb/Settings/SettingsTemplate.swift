/// The settings page's template (see `PageTemplates`): one row per setting with its control, its
/// range or choices, where its value comes from, and the template file's comment for it. The form
/// posts to `/settings`; the "play a note" button posts the same form to `/settings/test-note`.
enum SettingsTemplate {
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
